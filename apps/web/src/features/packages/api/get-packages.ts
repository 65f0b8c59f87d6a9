import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const packagesQueryOptions = () =>
  queryOptions({
    queryKey: ['packages'],
    queryFn: ({ signal }) => call(catalogueEndpoints.listPackages, { signal }).then((r) => r.data),
    meta: { skipGlobalError: true },
  });

export const usePackages = () => useQuery(packagesQueryOptions());
