import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { replaceCachedUser } from './update-profile';

export const regenerateApiKey = () => call(profileEndpoints.regenerateApiKey);

/** POST /profile/api-key/regenerate; the answer's user (with the new key) replaces the cached one. */
export const useRegenerateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateApiKey,
    meta: { skipGlobalError: true },
    onSuccess: (response) => replaceCachedUser(queryClient, response.user),
  });
};
