import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { profileEndpoints, type ProfileResponse, type ProfileUpdateInput } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { profileQueryKey } from '../../../shared/api/profile-query-key';

/** A user the API answered with (profile update, new API key) replaces the cached one. */
export const replaceCachedUser = (queryClient: QueryClient, user: ProfileResponse['user']) =>
  queryClient.setQueryData<ProfileResponse>(profileQueryKey, (previous) =>
    previous
      ? { ...previous, user }
      : { user, promo_token: null, promo_token_used: false, telegram_connected: false },
  );

export const updateProfile = (payload: ProfileUpdateInput) =>
  call(profileEndpoints.updateProfile, { body: payload });

/** POST /profile; a success replaces the cached user. */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { skipGlobalError: true },
    onSuccess: (response) => replaceCachedUser(queryClient, response.user),
  });
};
