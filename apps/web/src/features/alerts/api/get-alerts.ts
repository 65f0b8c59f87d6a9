import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';
import type { AlertType } from '../../../shared/ui';

export type SystemAlert = { id: number; description: string; is_active: boolean; type: AlertType };
export type AlertsResponse = { alerts: SystemAlert[] };

export const getAlerts = (signal?: AbortSignal): Promise<AlertsResponse> =>
  http.get<AlertsResponse>('/profile/alerts', signal ? { signal } : {});

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
