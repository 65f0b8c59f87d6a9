import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database, Db, LedgerAccount } from '@proxy/db';

const BALANCE_COLUMN = { main: 'balance_cents', referral: 'referral_balance_cents' } as const;

/**
 * Adds `amountCents` (signed) to one balance of the user, only if the result stays >= 0.
 * The UPDATE takes the row lock, so concurrent changes of one user serialise here; under
 * READ COMMITTED the WHERE is re-checked against the locked, newest row. No row back means
 * the balance would go negative.
 */
export const changeBalance = async (
  tx: Transaction<Database>,
  userId: number,
  account: LedgerAccount,
  amountCents: number,
): Promise<number | null> => {
  const column = sql.ref(BALANCE_COLUMN[account]);
  const row = await tx
    .updateTable('users')
    .set({ [BALANCE_COLUMN[account]]: sql`${column} + ${amountCents}`, updated_at: sql`now()` })
    .where('id', '=', userId)
    .where(sql<boolean>`${column} + ${amountCents} >= 0`)
    .returning(sql<number>`${column}`.as('balance_after'))
    .executeTakeFirst();
  return row ? row.balance_after : null;
};

/**
 * changeBalance as the body of a CTE of a larger statement: the same conditional UPDATE (row
 * lock, re-checked against the newest row), plus `guard`, returning `balance_after`. No row
 * back: the balance would go negative (or the guard failed), and nothing changed.
 */
export const changeBalanceSql = (
  userId: number,
  account: LedgerAccount,
  amountCents: number,
  guard: RawBuilder<boolean>,
) => {
  const column = sql.ref(BALANCE_COLUMN[account]);
  return sql`UPDATE users SET ${column} = ${column} + ${amountCents}, updated_at = now()
    WHERE id = ${userId} AND ${column} + ${amountCents} >= 0 AND ${guard}
    RETURNING ${column} AS balance_after`;
};

/**
 * insertLedgerEntry as the body of a CTE: one entry per row of the CTE `changed` (a
 * changeBalanceSql), its balance after taken from there; `refId` may read other CTEs.
 */
export const insertLedgerEntrySql = (
  entry: Omit<NewLedgerEntry, 'balanceAfterCents' | 'refId'>,
  changed: string,
  refId: RawBuilder<string>,
) =>
  sql`INSERT INTO ledger_entries (user_id, account, type, amount_cents, balance_after_cents, ref_type, ref_id, comment)
    SELECT ${entry.userId}, ${entry.account}, ${entry.type}, ${entry.amountCents}, c.balance_after,
      ${entry.refType ?? null}, ${refId}, ${entry.comment ?? null}
    FROM ${sql.table(changed)} c`;

export type NewLedgerEntry = {
  userId: number;
  account: LedgerAccount;
  type: string;
  amountCents: number;
  balanceAfterCents: number;
  refType?: string | null;
  refId?: string | null;
  comment?: string | null;
};

export const insertLedgerEntry = (tx: Transaction<Database>, entry: NewLedgerEntry) =>
  tx
    .insertInto('ledger_entries')
    .values({
      user_id: entry.userId,
      account: entry.account,
      type: entry.type,
      amount_cents: entry.amountCents,
      balance_after_cents: entry.balanceAfterCents,
      ref_type: entry.refType ?? null,
      ref_id: entry.refId ?? null,
      comment: entry.comment ?? null,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();

export const findBalance = async (db: Db, userId: number, account: LedgerAccount) => {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`${sql.ref(BALANCE_COLUMN[account])}`.as('balance'))
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.balance ?? null;
};

export type LedgerMismatch = {
  user_id: number;
  account: LedgerAccount;
  balance_cents: number;
  entries_sum_cents: number;
};

/**
 * Every (user, account) whose stored balance differs from the sum of its entries;
 * `userIds` narrows the check (tests running side by side check only their own users).
 */
export const findLedgerMismatches = async (
  db: Db,
  userIds?: number[],
): Promise<LedgerMismatch[]> => {
  const scope = userIds ? sql`AND u.id = ANY(${userIds}::bigint[])` : sql``;
  const result = await sql<LedgerMismatch>`
    WITH sums AS (
      SELECT user_id,
             coalesce(sum(amount_cents) FILTER (WHERE account = 'main'), 0)::bigint AS main_sum,
             coalesce(sum(amount_cents) FILTER (WHERE account = 'referral'), 0)::bigint AS referral_sum
        FROM ledger_entries
       GROUP BY user_id
    )
    SELECT u.id AS user_id, 'main' AS account, u.balance_cents, coalesce(s.main_sum, 0)::bigint AS entries_sum_cents
      FROM users u LEFT JOIN sums s ON s.user_id = u.id
     WHERE u.balance_cents <> coalesce(s.main_sum, 0) ${scope}
    UNION ALL
    SELECT u.id, 'referral', u.referral_balance_cents, coalesce(s.referral_sum, 0)::bigint
      FROM users u LEFT JOIN sums s ON s.user_id = u.id
     WHERE u.referral_balance_cents <> coalesce(s.referral_sum, 0) ${scope}
     ORDER BY 1, 2`.execute(db);
  return result.rows;
};

export const countUsers = async (db: Db) => {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
