import { useQuery } from '@tanstack/react-query';
import { proxyListsEndpoints } from '@proxy/contract';
import type { LocationOption } from './location-options';
import { call } from '../http-client';
import { locationQueryOptions } from './location-options';

/** GET /proxy-lists/locations/cities?country=&region=: cities of one country (and region). */
export const useLocationCities = (country: string | null, region: string | null) =>
  useQuery(
    locationQueryOptions<LocationOption[]>(
      'cities',
      { country, region },
      (signal) =>
        call(proxyListsEndpoints.listLocationCities, {
          query: { country: country ?? '', region },
          signal,
        }).then((r) => r.data),
      country !== null,
    ),
  );
