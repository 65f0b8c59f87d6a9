import { useQuery } from '@tanstack/react-query';
import { proxyListsEndpoints } from '@proxy/contract';
import { call } from '../http-client';
import { locationQueryOptions } from './location-options';

/** GET /proxy-lists/locations/countries: the presets and countries the active exits serve. */
export const useLocationCountries = (isEnabled = true) =>
  useQuery(
    locationQueryOptions(
      'countries',
      {},
      (signal) => call(proxyListsEndpoints.listLocationCountries, { signal }),
      isEnabled,
    ),
  );
