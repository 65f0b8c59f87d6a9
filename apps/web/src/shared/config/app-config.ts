import { queryOptions, useQuery } from '@tanstack/react-query';
import { appEndpoints } from '@proxy/contract';
import { call } from '../api/http-client';

export const getAppConfig = (signal?: AbortSignal) => call(appEndpoints.config, { signal });

/** The server's run-time configuration (support link, analytics, live chat): once per page load. */
export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'] as const,
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { skipGlobalError: true },
  });

export const useAppConfig = (options: { isEnabled?: boolean } = {}) =>
  useQuery({ ...appConfigQueryOptions(), enabled: options.isEnabled ?? true });
