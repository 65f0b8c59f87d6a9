import { useQuery } from '@tanstack/react-query';
import { proxyListsEndpoints } from '@proxy/contract';
import type { LocationOption } from '../../../shared/api/locations/location-options';
import { call } from '../../../shared/api/http-client';
import { locationQueryOptions } from '../../../shared/api/locations/location-options';

/** GET /proxy-lists/locations/isps?country=&region=&city=: ISPs of one country's place. */
export const useLocationIsps = (
  country: string | null,
  region: string | null,
  city: string | null,
) =>
  useQuery(
    locationQueryOptions<LocationOption[]>(
      'isps',
      { country, region, city },
      (signal) =>
        call(proxyListsEndpoints.listLocationIsps, {
          query: { country: country ?? '', region, city },
          signal,
        }).then((r) => r.data),
      country !== null,
    ),
  );
