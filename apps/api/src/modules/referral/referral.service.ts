import {
  REFERRAL_ERROR_KEYS,
  REFERRAL_SORT_FIELDS,
  toCents,
  transferReferralSchema,
  toDollars,
} from '@proxy/contract';
import type { Transaction } from 'kysely';
import type { Database, DbRoot, User } from '@proxy/db';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { pageAnswer, pageOf, parseListQuery } from '../../lib/list-query.ts';
import { findReferralsPage, findReferralTotals } from './referral.repository.ts';

export const TRANSFER_TYPE = 'withdrawal_from_referral_to_main_balance';

/** The referral program of the user: totals and a page of invited users, as the query asks. */
export const getReferralOverview = async (db: DbRoot, user: User, rawQuery: unknown) => {
  const query = parseListQuery(REFERRAL_SORT_FIELDS, rawQuery);
  const [totals, rows] = await Promise.all([
    findReferralTotals(db, user.id),
    findReferralsPage(db, { inviterId: user.id, ...pageOf(query) }),
  ]);
  return {
    count_referrals: totals.countReferrals,
    reward: user.referral_reward,
    referral_balance: toDollars(user.referral_balance_cents),
    total_income: toDollars(totals.incomeCents),
    ref_link: user.ref_link,
    referrals: pageAnswer(query, { rows, total: totals.countReferrals }, (row) => ({
      referral_id: row.referral_id,
      amount: toDollars(Number(row.amount_cents)),
      created_at: row.created_at.toISOString(),
      paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    })),
  };
};

/** The balance check of the contract ran against the session's balance; the ledger re-checks. */
export const amountMoreError = () =>
  new AppError('VALIDATION_FAILED', { errors: { amount: [REFERRAL_ERROR_KEYS.amountMore] } });

/**
 * Runs `spend` (which debits the referral balance) in one transaction. The contract checked the
 * amount against the session's balance; when the ledger finds it short after all (a concurrent
 * spend), the caller gets the same field error on `amount`.
 */
export const spendReferralBalance = <T>(
  db: DbRoot,
  spend: (tx: Transaction<Database>) => Promise<T>,
) =>
  db
    .transaction()
    .execute(spend)
    .catch((error: unknown): never => {
      if (isAppError(error) && error.code === 'INSUFFICIENT_FUNDS') throw amountMoreError();
      throw error;
    });

/** Referral -> main: two entries of one type in one transaction (the referral debit first). */
export const transferReferralBalance = async (db: DbRoot, user: User, body: unknown) => {
  const cents = toCents(transferReferralSchema(user.referral_balance_cents).parse(body).amount);
  const entry = { userId: user.id, type: TRANSFER_TYPE, refType: 'referral_transfer' } as const;
  const comment = 'Referral balance to main balance';
  await spendReferralBalance(db, async (tx) => {
    await postLedgerEntry(tx, { ...entry, account: 'referral', amountCents: -cents, comment });
    await postLedgerEntry(tx, { ...entry, account: 'main', amountCents: cents, comment });
  });
  return cents;
};
