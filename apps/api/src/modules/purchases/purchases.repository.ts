import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@proxy/db';

/**
 * Claims an Idempotency-Key for the purchase transaction, with the hash of the request it names.
 * A concurrent request with the same key blocks on the primary key until the first commits
 * (then sees the stored hash and response) or rolls back (then claims the key itself). Returns
 * false when the key is already taken.
 */
export const claimIdempotencyKey = async (
  db: Db,
  userId: number,
  claim: { key: string; requestHash: string },
): Promise<boolean> => {
  const row = await db
    .insertInto('purchase_idempotency_keys')
    .values({ user_id: userId, key: claim.key, request_hash: claim.requestHash })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
};

export const findIdempotentResponse = (db: Db, userId: number, key: string) =>
  db
    .selectFrom('purchase_idempotency_keys')
    .select(['response', 'status_code', 'request_hash'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();

export const storeIdempotentResponse = (
  db: Db,
  userId: number,
  key: string,
  response: unknown,
  statusCode: number,
) =>
  db
    .updateTable('purchase_idempotency_keys')
    .set({ response: JSON.stringify(response), status_code: statusCode })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();

/** Names of the purchase statement's parts that other parts read. */
export const PURCHASE_CTES = { debit: 'debit', channels: 'channels' } as const;
/** The new package's id, and whether it was written, inside the purchase statement. */
export const newPackageIdSql = sql<number>`(SELECT id FROM new_package)`;
export const newPackageWrittenSql = sql<boolean>`EXISTS (SELECT 1 FROM new_package)`;

export type PurchaseStatement = {
  /** The money (ledgerDebitSql, CTE `debit`); null for a free package. */
  debit: { change: RawBuilder<unknown>; entry: RawBuilder<unknown> } | null;
  /** insertPackageSql: written only once the money moved (or for free). */
  newPackage: RawBuilder<unknown>;
  /** notifySql (CTE `channels`). */
  channels: RawBuilder<unknown>;
  notification: RawBuilder<unknown>;
  /** outboxInsertSql: the provisioning job and the notification's; null when none is queued. */
  jobs: RawBuilder<unknown> | null;
  /** Whether the tariff the purchase priced from is still current. */
  tariffIsCurrent: RawBuilder<boolean>;
};

/**
 * The purchase's writes as ONE statement (decisions 086, 179): the debit, the package, its
 * ledger entry, the notification and the jobs (into the outbox), each part after the debit
 * written only if the one before it was. `package_id` null: nothing was written (the balance is
 * short, or the tariff changed: `tariff_is_current`).
 */
export const writePurchase = async (db: Db, statement: PurchaseStatement) => {
  const ctes = [
    ...(statement.debit ? [sql`debit AS (${statement.debit.change})`] : []),
    sql`new_package AS (${statement.newPackage})`,
    ...(statement.debit ? [sql`ledger_entry AS (${statement.debit.entry})`] : []),
    sql`channels AS (${statement.channels})`,
    sql`notification AS (${statement.notification})`,
    ...(statement.jobs ? [sql`jobs AS (${statement.jobs})`] : []),
  ];
  const { rows } = await sql<{
    package_id: number | null;
    tariff_is_current: boolean;
  }>`
    WITH ${sql.join(ctes)}
    SELECT ${newPackageIdSql} AS package_id, ${statement.tariffIsCurrent} AS tariff_is_current`.execute(
    db,
  );
  const row = rows[0];
  if (!row) throw new Error('The purchase statement returned no row');
  return row;
};
