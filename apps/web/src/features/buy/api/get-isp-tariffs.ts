import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { ISP_STOCK_STALE_MS } from './catalogue-cache';

export const ispTariffsQueryOptions = (countryId: number | null) =>
  queryOptions({
    queryKey: ['isp', 'tariffs', countryId],
    queryFn: ({ signal }) =>
      call(catalogueEndpoints.listIspTariffs, { params: { id: countryId ?? 0 }, signal }).then(
        (r) => r.data,
      ),
    enabled: countryId !== null,
    staleTime: ISP_STOCK_STALE_MS,
  });
export const useIspTariffs = (countryId: number | null) =>
  useQuery(ispTariffsQueryOptions(countryId));
