import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';

export const getProfile = (signal?: AbortSignal): Promise<ProfileResponse> =>
  http.get<ProfileResponse>('/profile', signal ? { signal } : {});

export const profileQueryKey = ['profile'] as const;

/** The profile never goes stale by itself: mutations replace it (spec section 4). */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { skipGlobalError: true },
  });

export const useProfile = () => useQuery(profileQueryOptions());
