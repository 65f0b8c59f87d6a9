import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileEndpoints, type ProfileResponse } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { profileQueryKey } from '../../../shared/api/profile-query-key';

export const regenerateApiKey = () => call(profileEndpoints.regenerateApiKey);

/** POST /profile/api-key/regenerate; the answer's user (with the new key) replaces the cached one. */
export const useRegenerateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateApiKey,
    meta: { skipGlobalError: true },
    onSuccess: (response) => {
      queryClient.setQueryData<ProfileResponse>(profileQueryKey, (previous) =>
        previous ? { ...previous, user: response.user } : previous,
      );
    },
  });
};
