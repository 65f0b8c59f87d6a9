import type { User } from '@proxy/db';
import { generateApiKey } from '../../lib/crypto.ts';
import { openSecret, sealSecret, secretDigest, SECRET_PURPOSES } from '@proxy/db';

/**
 * The columns that store an API key (decision 068): its sha256 digest for lookups and the key
 * itself sealed with DATA_ENCRYPTION_KEY, so the profile can show it. Never the plain text.
 */
export const apiKeyColumns = (dataKey: Buffer, apiKey: string = generateApiKey()) => ({
  api_key_digest: secretDigest(apiKey),
  api_key_encrypted: sealSecret(dataKey, apiKey, SECRET_PURPOSES.apiKey),
});

/** The user's API key in clear, for its owner only (profile, login and registration answers). */
export const revealApiKey = (dataKey: Buffer, user: Pick<User, 'api_key_encrypted'>): string => {
  if (user.api_key_encrypted === null)
    throw new Error('API key not encrypted yet: the secrets-at-rest startup step has not run');
  return openSecret(dataKey, user.api_key_encrypted, SECRET_PURPOSES.apiKey);
};
