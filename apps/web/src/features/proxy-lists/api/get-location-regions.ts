import { useQuery } from '@tanstack/react-query';
import { proxyListsEndpoints } from '@proxy/contract';
import type { LocationOption } from '../../../shared/api/locations/location-options';
import { call } from '../../../shared/api/http-client';
import { locationQueryOptions } from '../../../shared/api/locations/location-options';

/** GET /proxy-lists/locations/regions?country=: asked only once one country is chosen. */
export const useLocationRegions = (country: string | null) =>
  useQuery(
    locationQueryOptions<LocationOption[]>(
      'regions',
      { country },
      (signal) =>
        call(proxyListsEndpoints.listLocationRegions, {
          query: { country: country ?? '' },
          signal,
        }).then((r) => r.data),
      country !== null,
    ),
  );
