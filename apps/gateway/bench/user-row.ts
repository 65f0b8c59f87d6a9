import { randomBytes } from 'node:crypto';
import { sealSecret, secretDigest, SECRET_PURPOSES, type DatabaseHandle } from '@proxy/db';

/**
 * Inserts a customer as the API stores one (a fresh API key, its digest and its copy sealed with
 * `key`) for the packages of the tests and the benchmark; resolves with the user's id.
 */
export const insertUser = async (
  db: DatabaseHandle['db'],
  { key, name, emailPrefix }: { key: Buffer; name: string; emailPrefix: string },
) => {
  const apiKey = randomBytes(16).toString('hex');
  const user = await db
    .insertInto('users')
    .values({
      name,
      email: `${emailPrefix}-${randomBytes(6).toString('hex')}@example.test`,
      ref_link: randomBytes(8).toString('hex'),
      api_key_digest: secretDigest(apiKey),
      api_key_encrypted: sealSecret(key, apiKey, SECRET_PURPOSES.apiKey),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
};
