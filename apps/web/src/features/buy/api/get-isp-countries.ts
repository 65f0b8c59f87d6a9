import { useQuery } from '@tanstack/react-query';
import { catalogueEndpoints } from '@proxy/contract';
import { catalogueRowsQueryOptions, ISP_STOCK_STALE_MS } from './catalogue-cache';

export const ispCountriesQueryOptions = () =>
  catalogueRowsQueryOptions(
    ['isp', 'countries'],
    catalogueEndpoints.listIspCountries,
    ISP_STOCK_STALE_MS,
  );
export const useIspCountries = () => useQuery(ispCountriesQueryOptions());
