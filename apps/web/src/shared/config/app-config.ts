import { queryOptions, useQuery } from '@tanstack/react-query';
import { appEndpoints } from '@proxy/contract';
import { call } from '../api/http-client';

/** Server configuration does not change while a page is open: read once, errors stay quiet. */
export const SERVER_CONFIG_QUERY = {
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  meta: { skipGlobalError: true },
} as const;

export const getAppConfig = (signal?: AbortSignal) => call(appEndpoints.config, { signal });

/** The server's run-time configuration (support link, analytics, live chat): once per page load. */
export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'] as const,
    queryFn: ({ signal }) => getAppConfig(signal),
    ...SERVER_CONFIG_QUERY,
  });

export const useAppConfig = (options: { isEnabled?: boolean } = {}) =>
  useQuery({ ...appConfigQueryOptions(), enabled: options.isEnabled ?? true });
