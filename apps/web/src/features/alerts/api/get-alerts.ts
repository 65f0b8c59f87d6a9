import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileEndpoints, type Language, type SystemAlertDto } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export type SystemAlert = SystemAlertDto;

export const getAlerts = (signal?: AbortSignal) => call(profileEndpoints.getAlerts, { signal });

/** Never stale and no refetch on focus (spec section 4); one cache entry per language. */
export const alertsQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['alerts', language] as const,
    queryFn: ({ signal }) => getAlerts(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { skipGlobalError: true },
  });

export const useAlerts = (language: Language, enabled: boolean) =>
  useQuery({ ...alertsQueryOptions(language), enabled });
