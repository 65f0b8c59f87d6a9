import { useQuery } from '@tanstack/react-query';
import { proxyListsEndpoints, type Language } from '@proxy/contract';
import { call } from '../http-client';
import { languageQueryOptions } from '../query-options';

const getPremiumLocations = (signal?: AbortSignal) =>
  call(proxyListsEndpoints.listPremiumLocations, { signal }).then((r) => r.data);

/**
 * GET /premium/locations: the countries the exits serve (names in the request's language) and
 * their cities, kept per language; exits change rarely, a minute is fresh enough for a form.
 */
export const premiumLocationsQueryOptions = (language: Language) =>
  languageQueryOptions('premium-locations', language, getPremiumLocations, 60_000);

export const usePremiumLocations = (language: Language, isEnabled = true) =>
  useQuery({ ...premiumLocationsQueryOptions(language), enabled: isEnabled });
