import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints, type AuthProvidersResponse } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { SERVER_CONFIG_QUERY } from '../../../shared/config/app-config';

export type AuthProviders = AuthProvidersResponse;

export const getAuthProviders = (signal?: AbortSignal) =>
  call(authEndpoints.authProviders, { signal });

/** Server configuration: fetched once per page load. */
export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth-providers'] as const,
    queryFn: ({ signal }) => getAuthProviders(signal),
    ...SERVER_CONFIG_QUERY,
  });

export const useAuthProviders = (isEnabled = true) =>
  useQuery({ ...authProvidersQueryOptions(), enabled: isEnabled });
