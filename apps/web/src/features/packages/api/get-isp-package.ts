import { useQuery } from '@tanstack/react-query';
import { packagesEndpoints } from '@proxy/contract';
import { packageDetailQueryOptions } from './package-detail-query';

/** GET /packages/isp/:id: the isp panel's data. */
export const ispPackageQueryOptions = (id: number) =>
  packageDetailQueryOptions('isp', packagesEndpoints.getIspPackage, id);

export const useIspPackage = (id: number) => useQuery(ispPackageQueryOptions(id));
