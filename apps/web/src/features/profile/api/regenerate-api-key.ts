import { profileEndpoints, type RegenerateApiKeyInput } from '@proxy/contract';
import { useCacheUpdateMutation } from '../../../shared/api/cache-update-mutation';
import { call } from '../../../shared/api/http-client';
import { replaceCachedUser } from './update-profile';

export const regenerateApiKey = (body: RegenerateApiKeyInput = {}) =>
  call(profileEndpoints.regenerateApiKey, { body });

/** POST /profile/api-key/regenerate; the answer's user (with the new key) replaces the cached one. */
export const useRegenerateApiKey = () =>
  useCacheUpdateMutation(regenerateApiKey, replaceCachedUser);
