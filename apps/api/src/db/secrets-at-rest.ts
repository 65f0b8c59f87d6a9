import type { DbRoot } from '@proxy/db';
import { openSecret, SecretBoxError, SECRET_PURPOSES } from '@proxy/db';
import { apiKeyColumns } from '../modules/users/api-key.ts';
import { sealPackagePassword } from '../modules/packages/credentials.ts';

const BATCH = 500;

/**
 * Refuses to start with a DATA_ENCRYPTION_KEY that does not open what is already stored: one
 * sealed API key (or package password) must decrypt, else every profile and credentials panel
 * would fail later, one request at a time.
 */
export const assertDataKeyOpensStoredSecrets = async (db: DbRoot, dataKey: Buffer) => {
  const user = await db
    .selectFrom('users')
    .select('api_key_encrypted')
    .where('api_key_encrypted', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  const pkg = user
    ? undefined
    : await db
        .selectFrom('packages')
        .select('password_encrypted')
        .where('password_encrypted', 'is not', null)
        .limit(1)
        .executeTakeFirst();
  try {
    if (user?.api_key_encrypted)
      openSecret(dataKey, user.api_key_encrypted, SECRET_PURPOSES.apiKey);
    else if (pkg?.password_encrypted)
      openSecret(dataKey, pkg.password_encrypted, SECRET_PURPOSES.packagePassword);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    throw new Error(
      'DATA_ENCRYPTION_KEY does not decrypt the secrets stored in this database: start with the key they were encrypted with',
      { cause: error },
    );
  }
};

/**
 * The data half of migration 0009 (SQL cannot encrypt with a key from configuration): seals
 * every API key and package password still in a legacy_* column and clears it. Idempotent and
 * safe with several instances starting at once (a row is written only while its legacy value
 * is still there). Returns how many rows it sealed.
 */
export const sealLegacySecrets = async (db: DbRoot, dataKey: Buffer) => {
  let sealed = 0;
  for (;;) {
    const users = await db
      .selectFrom('users')
      .select(['id', 'legacy_api_key'])
      .where('legacy_api_key', 'is not', null)
      .limit(BATCH)
      .execute();
    for (const { id, legacy_api_key: apiKey } of users) {
      if (apiKey === null) continue;
      await db
        .updateTable('users')
        .set({ ...apiKeyColumns(dataKey, apiKey), legacy_api_key: null })
        .where('id', '=', id)
        .where('legacy_api_key', '=', apiKey)
        .execute();
    }
    const packages = await db
      .selectFrom('packages')
      .select(['id', 'legacy_password'])
      .where('legacy_password', 'is not', null)
      .limit(BATCH)
      .execute();
    for (const { id, legacy_password: password } of packages) {
      if (password === null) continue;
      await db
        .updateTable('packages')
        .set({ password_encrypted: sealPackagePassword(dataKey, password), legacy_password: null })
        .where('id', '=', id)
        .where('legacy_password', '=', password)
        .execute();
    }
    sealed += users.length + packages.length;
    if (users.length < BATCH && packages.length < BATCH) return sealed;
  }
};

/**
 * The start-up step of secrets at rest, run by the process after the migrations (server.ts, and
 * the test app like a server): the key must fit the data, and no secret stays in plain text.
 * Returns how many legacy rows it sealed.
 */
export const prepareSecretsAtRest = async (db: DbRoot, dataKey: Buffer): Promise<number> => {
  await assertDataKeyOpensStoredSecrets(db, dataKey);
  return sealLegacySecrets(db, dataKey);
};
