import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { profileQueryKey } from '../../../shared/api/profile-query-key';

export { profileQueryKey };

export const getProfile = (signal?: AbortSignal) => call(profileEndpoints.getProfile, { signal });

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
