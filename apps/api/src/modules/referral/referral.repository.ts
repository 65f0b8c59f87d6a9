import { sql } from 'kysely';
import type { Db } from '@proxy/db';
import type { PageRequest } from '../../lib/list-query.ts';

const SORT_COLUMNS = {
  created_at: 'u.created_at',
  amount: 'amount_cents',
  paid_at: 'paid_at',
} as const;

export type ReferralsPageQuery = PageRequest<keyof typeof SORT_COLUMNS> & { inviterId: number };

/**
 * One row per invited user (decision 043): what they have earned the inviter in total, when
 * they registered (created_at) and when the latest reward was paid (paid_at, null if none).
 */
export const findReferralsPage = async (db: Db, query: ReferralsPageQuery) => {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('referral_rewards as r', (join) =>
      join.onRef('r.referral_id', '=', 'u.id').on('r.inviter_id', '=', query.inviterId),
    )
    .where('u.invited_by', '=', query.inviterId)
    .groupBy('u.id')
    .select([
      'u.id as referral_id',
      'u.created_at',
      sql<number>`coalesce(sum(r.amount_cents), 0)::bigint`.as('amount_cents'),
      sql<Date | null>`max(r.created_at)`.as('paid_at'),
    ])
    .orderBy(
      sql`${sql.ref(SORT_COLUMNS[query.sort])} ${sql.raw(query.direction === 'asc' ? 'asc' : 'desc')} nulls last`,
    )
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  return rows;
};

export const findReferralTotals = async (db: Db, inviterId: number) => {
  const [referrals, income] = await Promise.all([
    db
      .selectFrom('users')
      .where('invited_by', '=', inviterId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('referral_rewards')
      .where('inviter_id', '=', inviterId)
      .select(sql<number>`coalesce(sum(amount_cents), 0)::bigint`.as('sum'))
      .executeTakeFirstOrThrow(),
  ]);
  return { countReferrals: Number(referrals.n), incomeCents: Number(income.sum) };
};
