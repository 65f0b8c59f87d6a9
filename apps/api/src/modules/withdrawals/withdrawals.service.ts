import {
  WITHDRAWAL_SORT_FIELDS,
  WITHDRAWAL_STATUSES,
  formatDollars,
  toCents,
  toDollars,
  withdrawalSchema,
} from '@proxy/contract';
import type { Transaction } from 'kysely';
import type { Database, DbRoot, User } from '@proxy/db';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';
import { pageAnswer, pageOf, parseListQuery, pickFilter } from '../../lib/list-query.ts';
import { spendReferralBalance } from '../referral/referral.service.ts';
import { assertTwoFactorCode, type TwoFactorDeps } from '../two-factor/two-factor.service.ts';
import {
  closeWithdrawal,
  findWithdrawalsPage,
  insertWithdrawal,
} from './withdrawals.repository.ts';

/** Holds the amount (referral_withdrawal) and creates a waiting order, in one transaction. */
export const requestWithdrawal = async (deps: TwoFactorDeps, user: User, body: unknown) => {
  const { db } = deps;
  const input = withdrawalSchema(user.referral_balance_cents).parse(body);
  // A payout sends money away for good: with two-factor sign-in on it asks for a code.
  await assertTwoFactorCode(deps, user, input.two_factor_code);
  const cents = toCents(input.amount);
  return spendReferralBalance(db, async (tx) => {
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
  });
};

/** A page of the user's withdrawal orders, as the query string asks (sort, page, filters[status]). */
export const listWithdrawals = async (db: DbRoot, userId: number, rawQuery: unknown) => {
  const query = parseListQuery(WITHDRAWAL_SORT_FIELDS, rawQuery);
  const page = await findWithdrawalsPage(db, userId, {
    ...pageOf(query),
    status: pickFilter(query.filters, 'status', WITHDRAWAL_STATUSES),
  });
  return {
    orders: pageAnswer(query, page, (row) => ({
      id: row.id,
      amount: toDollars(row.amount_cents),
      address: row.address,
      status: row.status,
      txid: row.txid,
      created_at: row.created_at.toISOString(),
      processed_at: row.processed_at ? row.processed_at.toISOString() : null,
    })),
  };
};

type ClosedOrder = NonNullable<Awaited<ReturnType<typeof closeWithdrawal>>>;

/**
 * Closes a waiting order and, in the same transaction, does what follows from it (`then`).
 * Returns null when the order is not waiting (unknown or already processed): nothing happens.
 */
const closeOrder = (
  db: DbRoot,
  id: number,
  outcome: Parameters<typeof closeWithdrawal>[2],
  fields: Parameters<typeof closeWithdrawal>[3],
  then: (tx: Transaction<Database>, order: ClosedOrder) => Promise<void>,
) =>
  db.transaction().execute(async (tx) => {
    const order = await closeWithdrawal(tx, id, outcome, fields);
    if (order) await then(tx, order);
    return order ?? null;
  });

/** Operator: paid out. */
export const completeWithdrawal = (db: DbRoot, id: number, txid: string | null) =>
  closeOrder(db, id, 'completed', { txid }, async (tx, order) => {
    await notify(tx, order.user_id, NOTIFICATION_TYPES.withdrawalCompleted, {
      amount: formatDollars(toDollars(order.amount_cents)),
      address: order.address,
      txid: txid ?? undefined,
    });
  });

/** Operator: refused; the held amount goes back to the referral balance, exactly once. */
export const rejectWithdrawal = (db: DbRoot, id: number, reason: string | null) =>
  closeOrder(db, id, 'rejected', { reason }, async (tx, order) => {
    await postLedgerEntry(tx, {
      userId: order.user_id,
      account: 'referral',
      type: 'referral_withdrawal_return',
      amountCents: order.amount_cents,
      refType: 'withdrawal',
      refId: order.id,
      comment: `Withdrawal #${order.id} rejected${reason ? `: ${reason}` : ''}`,
    });
    await notify(tx, order.user_id, NOTIFICATION_TYPES.withdrawalRejected, {
      amount: formatDollars(toDollars(order.amount_cents)),
      reason: reason ?? undefined,
    });
  });
