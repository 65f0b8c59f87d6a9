import { packagesEndpoints } from '@proxy/contract';
import { packageDetailQueryOptions } from './package-detail-query';

/** GET /unlim/packages/:id: the unlim panel's data. */
export const unlimPackageQueryOptions = (id: number) =>
  packageDetailQueryOptions('unlim', packagesEndpoints.getUnlimPackage, id);
