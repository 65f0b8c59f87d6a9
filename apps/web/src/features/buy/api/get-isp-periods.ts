import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const ispPeriodsQueryOptions = () =>
  queryOptions({
    queryKey: ['isp', 'periods'],
    queryFn: ({ signal }) => call(catalogueEndpoints.getIspPeriods, { signal }),
    staleTime: Infinity,
  });
export const useIspPeriods = () => useQuery(ispPeriodsQueryOptions());
