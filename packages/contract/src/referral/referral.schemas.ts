import { z } from 'zod';
import { optionalTwoFactorCode } from '../auth/two-factor.schemas.ts';
import { VALIDATION_KEYS, textField } from '../common/validation.ts';
import { formatDollars, toCents } from '../common/money.ts';
import { dollarAmountField } from '../payments/payments.schemas.ts';
import { isValidTrc20Address } from './trc20.ts';

export const REFERRAL_ERROR_KEYS = {
  amountLess: 'referral:errors.amount_less_than_min',
  amountMore: 'referral:errors.amount_more',
  addressInvalid: 'referral:errors.address_invalid',
} as const;

/** The smallest transfer to the main balance and the smallest payout (spec 000 section 9). */
export const MIN_TRANSFER_DOLLARS = 1;
export const MIN_WITHDRAW_DOLLARS = 100;

/**
 * Transfer (min $1) and withdraw (min $100) amounts: at most the referral balance. The
 * balance is a parameter: the browser passes the profile's, the server re-checks inside
 * the ledger transaction anyway.
 */
const amountWithin = (minDollars: number, balanceCents: number) =>
  dollarAmountField.superRefine((amount, ctx) => {
    const cents = toCents(amount);
    if (cents < toCents(minDollars)) {
      ctx.addIssue({
        code: 'custom',
        message: REFERRAL_ERROR_KEYS.amountLess,
        params: { min: formatDollars(minDollars) },
      });
    } else if (cents > balanceCents) {
      ctx.addIssue({ code: 'custom', message: REFERRAL_ERROR_KEYS.amountMore });
    }
  });

export const transferReferralSchema = (balanceCents: number) =>
  z.object({ amount: amountWithin(MIN_TRANSFER_DOLLARS, balanceCents) });

export const withdrawalSchema = (balanceCents: number) =>
  z.object({
    amount: amountWithin(MIN_WITHDRAW_DOLLARS, balanceCents),
    address: textField({ error: VALIDATION_KEYS.required, trim: true })
      .min(1, VALIDATION_KEYS.required)
      .refine(isValidTrc20Address, REFERRAL_ERROR_KEYS.addressInvalid),
    two_factor_code: optionalTwoFactorCode(),
  });

export type TransferReferralInput = { amount: number | string };
export type WithdrawalInput = {
  amount: number | string;
  address: string;
  two_factor_code?: string;
};

export const REFERRAL_SORT_FIELDS = ['created_at', 'amount', 'paid_at'] as const;
export const WITHDRAWAL_SORT_FIELDS = ['created_at', 'amount', 'status'] as const;
export const WITHDRAWAL_STATUSES = ['waiting', 'completed', 'rejected'] as const;
