import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse, ProfileUpdateInput, ProfileUpdateResponse } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';
import { profileQueryKey } from './get-profile';

export const updateProfile = (payload: ProfileUpdateInput): Promise<ProfileUpdateResponse> =>
  http.post<ProfileUpdateResponse>('/profile', payload);

/** POST /profile; a success replaces the cached user. */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { skipGlobalError: true },
    onSuccess: (response) => {
      queryClient.setQueryData<ProfileResponse>(profileQueryKey, (previous) =>
        previous
          ? { ...previous, user: response.user }
          : {
              user: response.user,
              promo_token: null,
              promo_token_used: false,
              telegram_connected: false,
            },
      );
    },
  });
};
