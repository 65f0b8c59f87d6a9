import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DynamicTariffDto,
  IspCountryDto,
  IspPeriodsDto,
  IspTariffDto,
  UnlimLocation,
  UnlimTariffDto,
} from '@proxy/contract';
import { http } from '../../../shared/api/http-client';

type List<T> = { data: T[] };
const STALE_MS = 60_000;

/** GET /tariffs?type=1 (Base) or 4 (Premium). */
export const dynamicTariffsQueryOptions = (type: 1 | 4) =>
  queryOptions({
    queryKey: ['tariffs', type],
    queryFn: ({ signal }) =>
      http.get<List<DynamicTariffDto>>('/tariffs', { query: { type }, signal }).then((r) => r.data),
    staleTime: STALE_MS,
  });
export const useDynamicTariffs = (type: 1 | 4) => useQuery(dynamicTariffsQueryOptions(type));

export const unlimTariffsQueryOptions = () =>
  queryOptions({
    queryKey: ['unlim', 'tariffs'],
    queryFn: ({ signal }) =>
      http.get<List<UnlimTariffDto>>('/unlim/tariffs', { signal }).then((r) => r.data),
    staleTime: STALE_MS,
  });
export const useUnlimTariffs = () => useQuery(unlimTariffsQueryOptions());

export const unlimLocationsQueryOptions = () =>
  queryOptions({
    queryKey: ['unlim', 'locations'],
    queryFn: ({ signal }) =>
      http.get<List<UnlimLocation>>('/unlim/locations', { signal }).then((r) => r.data),
    staleTime: STALE_MS,
  });
export const useUnlimLocations = () => useQuery(unlimLocationsQueryOptions());

export const ispCountriesQueryOptions = () =>
  queryOptions({
    queryKey: ['isp', 'countries'],
    queryFn: ({ signal }) =>
      http.get<List<IspCountryDto>>('/isp/countries', { signal }).then((r) => r.data),
    staleTime: 10_000,
  });
export const useIspCountries = () => useQuery(ispCountriesQueryOptions());

export const ispPeriodsQueryOptions = () =>
  queryOptions({
    queryKey: ['isp', 'periods'],
    queryFn: ({ signal }) => http.get<IspPeriodsDto>('/isp/periods', { signal }),
    staleTime: Infinity,
  });
export const useIspPeriods = () => useQuery(ispPeriodsQueryOptions());

export const ispTariffsQueryOptions = (countryId: number | null) =>
  queryOptions({
    queryKey: ['isp', 'tariffs', countryId],
    queryFn: ({ signal }) =>
      http
        .get<List<IspTariffDto>>(`/isp/countries/${countryId ?? 0}/tariffs`, { signal })
        .then((r) => r.data),
    enabled: countryId !== null,
    staleTime: 10_000,
  });
export const useIspTariffs = (countryId: number | null) =>
  useQuery(ispTariffsQueryOptions(countryId));
