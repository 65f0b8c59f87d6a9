import { z } from 'zod';
import { dollarsField } from '../common/money.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageResponseSchema } from '../auth/auth.schemas.ts';
import { listRouteQuerySchema, pagedResponseSchema } from '../tables/tables.schemas.ts';
import {
  REFERRAL_SORT_FIELDS,
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_SORT_FIELDS,
  transferReferralSchema,
  withdrawalSchema,
} from './referral.schemas.ts';

export const referralRowSchema = z.object({
  referral_id: z.number(),
  amount: dollarsField,
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type ReferralRow = z.infer<typeof referralRowSchema>;

export const referralOverviewSchema = z.object({
  count_referrals: z.number(),
  reward: z.number(),
  referral_balance: dollarsField,
  total_income: dollarsField,
  ref_link: z.string(),
  referrals: pagedResponseSchema(referralRowSchema),
});
export type ReferralOverview = z.infer<typeof referralOverviewSchema>;

export const withdrawalRowSchema = z.object({
  id: z.number(),
  amount: dollarsField,
  address: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  txid: z.string().nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});
export type WithdrawalRow = z.infer<typeof withdrawalRowSchema>;

/**
 * The amount's upper bound is the referral balance, known only with the session: the route
 * checks the shape and the minimum, the service re-checks against the balance.
 */
const ANY_BALANCE_CENTS = Number.MAX_SAFE_INTEGER;

export const referralEndpoints = {
  getOverview: defineEndpoint('GET /profile/referrals', {
    summary: 'Referral totals with the first page of the referral table',
    query: listRouteQuerySchema(REFERRAL_SORT_FIELDS),
    response: referralOverviewSchema,
  }),
  transfer: defineEndpoint('POST /profile/transfer-referral-balance', {
    summary: 'Move referral balance to the main balance',
    body: transferReferralSchema(ANY_BALANCE_CENTS),
    response: messageResponseSchema,
  }),
  listWithdrawals: defineEndpoint('GET /profile/withdrawals', {
    summary: 'Withdraw orders (filters[status])',
    query: listRouteQuerySchema(WITHDRAWAL_SORT_FIELDS),
    response: z.object({ orders: pagedResponseSchema(withdrawalRowSchema) }),
  }),
  withdraw: defineEndpoint('POST /profile/withdrawals', {
    summary: 'Ask for a payout of the referral balance to a TRC-20 address',
    body: withdrawalSchema(ANY_BALANCE_CENTS),
    response: messageResponseSchema,
  }),
} as const;
