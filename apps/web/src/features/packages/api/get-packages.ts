import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PackagesListResponse } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';

export const packagesQueryOptions = () =>
  queryOptions({
    queryKey: ['packages'],
    queryFn: ({ signal }) =>
      http.get<PackagesListResponse>('/packages', { signal }).then((r) => r.data),
    meta: { skipGlobalError: true },
  });

export const usePackages = () => useQuery(packagesQueryOptions());
