import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_OPTIONS, packagesEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

/** The newest packages (one page of the largest size) until the packages table pages itself. */
export const packagesQueryOptions = () =>
  queryOptions({
    queryKey: ['packages'],
    queryFn: ({ signal }) =>
      call(packagesEndpoints.listPackages, {
        query: { per_page: Math.max(...PAGE_SIZE_OPTIONS) },
        signal,
      }).then((r) => r.packages.data),
    meta: { skipGlobalError: true },
  });

export const usePackages = () => useQuery(packagesQueryOptions());
