import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';

export type AuthProviders = { google: boolean };

export const getAuthProviders = (signal?: AbortSignal): Promise<AuthProviders> =>
  http.get<AuthProviders>('/auth/providers', signal ? { signal } : {});

/** Server configuration: fetched once per page load. */
export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth-providers'] as const,
    queryFn: ({ signal }) => getAuthProviders(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { skipGlobalError: true },
  });

export const useAuthProviders = () => useQuery(authProvidersQueryOptions());
