import type { QueryClient } from '@tanstack/react-query';
import { profileEndpoints, type ProfileResponse, type ProfileUpdateInput } from '@proxy/contract';
import { useCacheUpdateMutation } from '../../../shared/api/cache-update-mutation';
import { call } from '../../../shared/api/http-client';
import { profileQueryKey } from '../../../shared/api/profile-query-key';

/** The user an answer carries (profile update, new API key) replaces the cached one. */
export const replaceCachedUser = (
  queryClient: QueryClient,
  { user }: { user: ProfileResponse['user'] },
) =>
  queryClient.setQueryData<ProfileResponse>(profileQueryKey, (previous) =>
    previous
      ? { ...previous, user }
      : { user, promo_token: null, promo_token_used: false, telegram_connected: false },
  );

export const updateProfile = (payload: ProfileUpdateInput) =>
  call(profileEndpoints.updateProfile, { body: payload });

/** POST /profile; a success replaces the cached user. */
export const useUpdateProfile = () => useCacheUpdateMutation(updateProfile, replaceCachedUser);
