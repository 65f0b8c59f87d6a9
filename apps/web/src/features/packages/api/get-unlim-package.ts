import { useQuery } from '@tanstack/react-query';
import { packagesEndpoints } from '@proxy/contract';
import { packageDetailQueryOptions } from './package-detail-query';

/** GET /unlim/packages/:id: the unlim panel's data. */
export const unlimPackageQueryOptions = (id: number) =>
  packageDetailQueryOptions('unlim', packagesEndpoints.getUnlimPackage, id);

export const useUnlimPackage = (id: number) => useQuery(unlimPackageQueryOptions(id));
