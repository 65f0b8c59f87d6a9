import { sql, type Updateable } from 'kysely';
import type { Database, DbRoot } from '@proxy/db';
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

/** A plain-text column from before decision 068 and the sealed columns that replace it. */
type LegacySecret = (
  { table: 'users'; column: 'legacy_api_key' } | { table: 'packages'; column: 'legacy_password' }
) & {
  sealed: (dataKey: Buffer, value: string) => Updateable<Database['users'] & Database['packages']>;
};

const LEGACY_SECRETS: readonly LegacySecret[] = [
  { table: 'users', column: 'legacy_api_key', sealed: apiKeyColumns },
  {
    table: 'packages',
    column: 'legacy_password',
    sealed: (dataKey, password) => ({ password_encrypted: sealPackagePassword(dataKey, password) }),
  },
];

/**
 * Seals one batch of a legacy column in place; a row is written only while its legacy value is
 * still there. Returns how many rows the batch read.
 */
const sealLegacyBatch = async (db: DbRoot, dataKey: Buffer, legacy: LegacySecret) => {
  const column = db.dynamic.ref(legacy.column);
  const rows = await db
    .selectFrom(legacy.table)
    .select(['id', sql<string | null>`${column}`.as('value')])
    .where(column, 'is not', null)
    .limit(BATCH)
    .execute();
  for (const { id, value } of rows) {
    if (value === null) continue;
    await db
      .updateTable(legacy.table)
      .set({ ...legacy.sealed(dataKey, value), [legacy.column]: null })
      .where('id', '=', id)
      .where(column, '=', value)
      .execute();
  }
  return rows.length;
};

/**
 * The data half of sealing secrets (decision 068) (SQL cannot encrypt with a key from configuration): seals
 * every API key and package password still in a legacy_* column and clears it. Idempotent and
 * safe with several instances starting at once (a row is written only while its legacy value
 * is still there). Returns how many rows it sealed.
 */
export const sealLegacySecrets = async (db: DbRoot, dataKey: Buffer) => {
  let sealed = 0;
  for (;;) {
    let isMore = false;
    for (const legacy of LEGACY_SECRETS) {
      const read = await sealLegacyBatch(db, dataKey, legacy);
      sealed += read;
      if (read === BATCH) isMore = true;
    }
    if (!isMore) return sealed;
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
