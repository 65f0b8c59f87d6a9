import type { REFERRAL_SORT_FIELDS } from '@proxy/contract';
import { REFERRAL_ERROR_KEYS, toCents, transferReferralSchema } from '@proxy/contract';
import type { DbRoot, User } from '../../db/types.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { pageMeta, type ListQuery } from '../../lib/list-query.ts';
import { findReferralsPage, findReferralTotals } from './referral.repository.ts';

export const TRANSFER_TYPE = 'withdrawal_from_referral_to_main_balance';

export const getReferralOverview = async (
  db: DbRoot,
  user: User,
  query: ListQuery<(typeof REFERRAL_SORT_FIELDS)[number]>,
) => {
  const [totals, rows] = await Promise.all([
    findReferralTotals(db, user.id),
    findReferralsPage(db, {
      inviterId: user.id,
      page: query.page,
      perPage: query.per_page,
      sort: query.sort,
      direction: query.direction,
    }),
  ]);
  return {
    count_referrals: totals.countReferrals,
    reward: user.referral_reward,
    referral_balance: user.referral_balance_cents / 100,
    total_income: totals.incomeCents / 100,
    ref_link: user.ref_link,
    referrals: {
      data: rows.map((row) => ({
        referral_id: row.referral_id,
        amount: Number(row.amount_cents) / 100,
        created_at: row.created_at.toISOString(),
        paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
      })),
      meta: pageMeta(query, totals.countReferrals),
    },
  };
};

/** The balance check of the contract ran against the session's balance; the ledger re-checks. */
export const amountMoreError = () =>
  new AppError('VALIDATION_FAILED', { errors: { amount: [REFERRAL_ERROR_KEYS.amountMore] } });

export const rethrowInsufficient = (error: unknown): never => {
  if (isAppError(error) && error.code === 'INSUFFICIENT_FUNDS') throw amountMoreError();
  throw error;
};

/** Referral -> main: two entries of one type in one transaction (the referral debit first). */
export const transferReferralBalance = async (db: DbRoot, user: User, body: unknown) => {
  const input = transferReferralSchema(user.referral_balance_cents).parse(body);
  const cents = toCents(input.amount);
  await db
    .transaction()
    .execute(async (tx) => {
      await postLedgerEntry(tx, {
        userId: user.id,
        account: 'referral',
        type: TRANSFER_TYPE,
        amountCents: -cents,
        refType: 'referral_transfer',
        comment: 'Referral balance to main balance',
      });
      await postLedgerEntry(tx, {
        userId: user.id,
        account: 'main',
        type: TRANSFER_TYPE,
        amountCents: cents,
        refType: 'referral_transfer',
        comment: 'Referral balance to main balance',
      });
    })
    .catch(rethrowInsufficient);
  return cents;
};
