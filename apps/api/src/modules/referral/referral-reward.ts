import type { Transaction } from 'kysely';
import { formatDollars, toDollars } from '@proxy/contract';
import type { Database } from '@proxy/db';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';

/**
 * Pays the inviter of `payerId` their percent of a credited top-up, inside the transaction
 * that credits it (decision 043). Rounded down to the cent: the house never pays a fraction
 * it did not receive. One reward per payment (UNIQUE payment_id) even if called twice.
 */
export const payReferralReward = async (
  tx: Transaction<Database>,
  payment: { id: string; user_id: number; amount_cents: number },
): Promise<number> => {
  const inviter = await tx
    .selectFrom('users as payer')
    .innerJoin('users as inviter', 'inviter.id', 'payer.invited_by')
    .select(['inviter.id', 'inviter.referral_reward'])
    .where('payer.id', '=', payment.user_id)
    .executeTakeFirst();
  if (!inviter) return 0;
  const rewardCents = Math.floor((payment.amount_cents * inviter.referral_reward) / 100);
  if (rewardCents <= 0) return 0;
  const inserted = await tx
    .insertInto('referral_rewards')
    .values({
      payment_id: payment.id,
      inviter_id: inviter.id,
      referral_id: payment.user_id,
      percent: inviter.referral_reward,
      amount_cents: rewardCents,
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return 0;
  await postLedgerEntry(tx, {
    userId: inviter.id,
    account: 'referral',
    type: 'referral_reward',
    amountCents: rewardCents,
    refType: 'referral_reward',
    refId: inserted.id,
    comment: `Referral reward ${inviter.referral_reward}% from #${payment.user_id}`,
  });
  await notify(tx, inviter.id, NOTIFICATION_TYPES.referralReward, {
    amount: formatDollars(toDollars(rewardCents)),
    percent: `${inviter.referral_reward}%`,
    referral: `#${payment.user_id}`,
  });
  return rewardCents;
};
