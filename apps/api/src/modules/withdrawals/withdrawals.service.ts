import type { WITHDRAWAL_SORT_FIELDS } from '@proxy/contract';
import { WITHDRAWAL_STATUSES, formatDollars, toCents, withdrawalSchema } from '@proxy/contract';
import type { DbRoot, User } from '../../db/types.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';
import { pageMeta, pickFilter, type ListQuery } from '../../lib/list-query.ts';
import { rethrowInsufficient } from '../referral/referral.service.ts';
import {
  closeWithdrawal,
  findWithdrawalsPage,
  insertWithdrawal,
} from './withdrawals.repository.ts';

/** Holds the amount (referral_withdrawal) and creates a waiting order, in one transaction. */
export const requestWithdrawal = async (db: DbRoot, user: User, body: unknown) => {
  const input = withdrawalSchema(user.referral_balance_cents).parse(body);
  const cents = toCents(input.amount);
  return db
    .transaction()
    .execute(async (tx) => {
      const order = await insertWithdrawal(tx, user.id, cents, input.address);
      await postLedgerEntry(tx, {
        userId: user.id,
        account: 'referral',
        type: 'referral_withdrawal',
        amountCents: -cents,
        refType: 'withdrawal',
        refId: order.id,
        comment: `Withdrawal #${order.id} to ${input.address}`,
      });
      return order;
    })
    .catch(rethrowInsufficient);
};

export const listWithdrawals = async (
  db: DbRoot,
  userId: number,
  query: ListQuery<(typeof WITHDRAWAL_SORT_FIELDS)[number]>,
) => {
  const { rows, total } = await findWithdrawalsPage(db, {
    userId,
    page: query.page,
    perPage: query.per_page,
    sort: query.sort,
    direction: query.direction,
    status: pickFilter(query.filters, 'status', WITHDRAWAL_STATUSES),
  });
  return {
    orders: {
      data: rows.map((row) => ({
        id: row.id,
        amount: row.amount_cents / 100,
        address: row.address,
        status: row.status,
        txid: row.txid,
        created_at: row.created_at.toISOString(),
        processed_at: row.processed_at ? row.processed_at.toISOString() : null,
      })),
      meta: pageMeta(query, total),
    },
  };
};

/** Operator: paid out. Returns null when the order is not waiting (already processed). */
export const completeWithdrawal = (db: DbRoot, id: number, txid: string | null) =>
  db.transaction().execute(async (tx) => {
    const order = await closeWithdrawal(tx, id, 'completed', { txid });
    if (!order) return null;
    await notify(tx, order.user_id, NOTIFICATION_TYPES.withdrawalCompleted, [
      { label: 'amount', value: formatDollars(order.amount_cents / 100) },
      { label: 'address', value: order.address },
      ...(txid ? [{ label: 'txid', value: txid }] : []),
    ]);
    return order;
  });

/** Operator: refused; the held amount goes back to the referral balance, exactly once. */
export const rejectWithdrawal = (db: DbRoot, id: number, reason: string | null) =>
  db.transaction().execute(async (tx) => {
    const order = await closeWithdrawal(tx, id, 'rejected', { reason });
    if (!order) return null;
    await postLedgerEntry(tx, {
      userId: order.user_id,
      account: 'referral',
      type: 'referral_withdrawal_return',
      amountCents: order.amount_cents,
      refType: 'withdrawal',
      refId: order.id,
      comment: `Withdrawal #${order.id} rejected${reason ? `: ${reason}` : ''}`,
    });
    await notify(tx, order.user_id, NOTIFICATION_TYPES.withdrawalRejected, [
      { label: 'amount', value: formatDollars(order.amount_cents / 100) },
      ...(reason ? [{ label: 'reason', value: reason }] : []),
    ]);
    return order;
  });
