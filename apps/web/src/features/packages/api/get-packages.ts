import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { packagesEndpoints, type PackageRow, type PackagesPage } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { toListQuery, type TableState } from '../../../shared/ui/table';
import { packagesQueryKey } from './package-mutation';

export type { PackageRow };

/**
 * GET /packages: one page of the user's packages, sorted and filtered on the server; the shown
 * page stays while the next one loads; the page shows a failure itself (packages_error).
 */
export const packagesPageQueryOptions = (state: TableState) =>
  queryOptions({
    queryKey: [...packagesQueryKey, 'page', state] as const,
    queryFn: async ({ signal }): Promise<PackagesPage['packages']> =>
      (await call(packagesEndpoints.listPackages, { query: toListQuery(state), signal })).packages,
    placeholderData: keepPreviousData,
    meta: { skipGlobalError: true },
  });

export const usePackagesPage = (state: TableState) => useQuery(packagesPageQueryOptions(state));
