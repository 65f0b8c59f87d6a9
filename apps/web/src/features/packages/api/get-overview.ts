import { queryOptions, useQuery } from '@tanstack/react-query';
import { overviewEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { packagesQueryKey } from './package-mutation';

/**
 * GET /overview: the cabinet's home page in one answer. Kept under the packages key, so every
 * change of a package (buy, extend, delete) refreshes it; the page shows a failure itself.
 */
export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: [...packagesQueryKey, 'overview'] as const,
    queryFn: async ({ signal }) => (await call(overviewEndpoints.getOverview, { signal })).data,
    meta: { skipGlobalError: true },
  });

export const useOverview = () => useQuery(overviewQueryOptions());
