import { sql, type Transaction } from 'kysely';
import { findPage, NEWEST_FIRST } from '@proxy/db';
import type { Database, Db } from '@proxy/db';
import type { PageRequest } from '../../lib/list-query.ts';

export type WithdrawalStatus = 'waiting' | 'completed' | 'rejected';

const SORT_COLUMNS = {
  created_at: 'created_at',
  amount: 'amount_cents',
  status: 'status',
} as const;

export const insertWithdrawal = (
  tx: Transaction<Database>,
  userId: number,
  amountCents: number,
  address: string,
) =>
  tx
    .insertInto('withdrawals')
    .values({ user_id: userId, amount_cents: amountCents, address })
    .returningAll()
    .executeTakeFirstOrThrow();

/** A page of the user's withdrawal orders, optionally of one status. */
export const findWithdrawalsPage = async (
  db: Db,
  userId: number,
  query: PageRequest<keyof typeof SORT_COLUMNS> & { status?: WithdrawalStatus | undefined },
) => {
  let base = db.selectFrom('withdrawals').where('user_id', '=', userId);
  if (query.status !== undefined) base = base.where('status', '=', query.status);
  return findPage(base, (q) => q.selectAll(), {
    ...query,
    sortColumn: SORT_COLUMNS[query.sort],
    tieBreakers: NEWEST_FIRST,
  });
};

export const listWithdrawalsByStatus = (db: Db, status: WithdrawalStatus | undefined) => {
  let query = db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select([
      'w.id',
      'w.user_id',
      'u.email',
      'w.amount_cents',
      'w.address',
      'w.status',
      'w.txid',
      'w.created_at',
    ])
    .orderBy('w.created_at')
    .limit(500);
  if (status) query = query.where('w.status', '=', status);
  return query.execute();
};

/**
 * waiting -> completed|rejected, once: the row lock plus `status = 'waiting'` make a second,
 * concurrent run find nothing to change.
 */
export const closeWithdrawal = (
  tx: Transaction<Database>,
  id: number,
  status: 'completed' | 'rejected',
  fields: { txid?: string | null; reason?: string | null },
) =>
  tx
    .updateTable('withdrawals')
    .set({
      status,
      txid: fields.txid ?? null,
      reason: fields.reason ?? null,
      processed_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .returningAll()
    .executeTakeFirst();
