import { useQuery } from '@tanstack/react-query';
import { packagesEndpoints } from '@proxy/contract';
import { packageDetailQueryOptions } from './package-detail-query';

/** GET /packages/dynamic/:id: the dynamic panel's data. */
export const dynamicPackageQueryOptions = (id: number) =>
  packageDetailQueryOptions('dynamic', packagesEndpoints.getDynamicPackage, id);

export const useDynamicPackage = (id: number) => useQuery(dynamicPackageQueryOptions(id));
