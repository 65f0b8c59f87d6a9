import { packagesEndpoints } from '@proxy/contract';
import { packageDetailQueryOptions } from './package-detail-query';

/** GET /packages/vip/:id: the premium panel's data. */
export const premiumPackageQueryOptions = (id: number) =>
  packageDetailQueryOptions('premium', packagesEndpoints.getPremiumPackage, id);
