import { queryOptions, useQuery } from '@tanstack/react-query';
import { packagesEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { packagesQueryKey } from './package-mutation';

/** The unlimited panel's live metrics are fetched again every 60 s (spec section 7). */
export const UNLIM_USAGE_REFETCH_MS = 60_000;

/** GET /unlim/:id/usage: speed, server load and traffic of an unlimited package. */
export const unlimUsageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...packagesQueryKey, 'unlim', id, 'usage'] as const,
    queryFn: ({ signal }) =>
      call(packagesEndpoints.getUnlimUsage, { params: { id }, signal }).then((r) => r.data),
    refetchInterval: UNLIM_USAGE_REFETCH_MS,
    meta: { skipGlobalError: true },
  });

export const useUnlimUsage = (id: number) => useQuery(unlimUsageQueryOptions(id));
