import { z } from 'zod';
import { VALIDATION_KEYS } from '../common/validation.ts';
import { hasAtMostTwoDecimals, toCents } from '../common/money.ts';
import {
  CRYPTO_METHOD_TYPE,
  CRYPTO_NETWORKS,
  PAYMENT_METHOD_TYPES,
  findPaymentMethod,
} from './payments.constants.ts';

/** Keys in the `top-up` namespace. */
export const TOP_UP_ERROR_KEYS = {
  method: 'top-up:errors.method',
  network: 'top-up:errors.network',
  min: 'top-up:errors.min_amount_payment',
  max: 'top-up:errors.max_amount_payment',
  cents: 'top-up:errors.cents',
} as const;

/** A dollar amount: a number or a numeric string; anything else reads "required field". */
export const dollarAmountField = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() !== ''
      ? Number(value.trim().replace(',', '.'))
      : value,
  z
    .number({ error: VALIDATION_KEYS.required })
    .refine((n) => Number.isFinite(n), VALIDATION_KEYS.required)
    .refine(hasAtMostTwoDecimals, TOP_UP_ERROR_KEYS.cents),
);

/**
 * POST /payment/create. Bounds depend on the method; the bound errors carry the amount as
 * `params.amount` (dollars) for interpolation.
 */
export const topUpSchema = z
  .object({
    amount: dollarAmountField,
    type: z.coerce
      .number({ error: TOP_UP_ERROR_KEYS.method })
      .refine(
        (t) => (PAYMENT_METHOD_TYPES as readonly number[]).includes(t),
        TOP_UP_ERROR_KEYS.method,
      ),
    payment_system: z.coerce
      .number()
      .int()
      .min(1, TOP_UP_ERROR_KEYS.method)
      .max(8, TOP_UP_ERROR_KEYS.method)
      .nullish(),
    network: z.string().nullish(),
  })
  .superRefine((data, ctx) => {
    const method = findPaymentMethod(
      data.type,
      data.type === 7 ? (data.payment_system ?? null) : null,
    );
    if (!method) {
      ctx.addIssue({ code: 'custom', message: TOP_UP_ERROR_KEYS.method, path: ['type'] });
      return;
    }
    if (
      data.type === CRYPTO_METHOD_TYPE &&
      !(CRYPTO_NETWORKS as readonly string[]).includes(data.network ?? '')
    ) {
      ctx.addIssue({ code: 'custom', message: TOP_UP_ERROR_KEYS.network, path: ['network'] });
    }
    const cents = toCents(data.amount);
    if (cents < method.minCents) {
      ctx.addIssue({
        code: 'custom',
        message: TOP_UP_ERROR_KEYS.min,
        path: ['amount'],
        params: { amount: method.minCents / 100 },
      });
    } else if (cents > method.maxCents) {
      ctx.addIssue({
        code: 'custom',
        message: TOP_UP_ERROR_KEYS.max,
        path: ['amount'],
        params: { amount: method.maxCents / 100 },
      });
    }
  })
  .transform((data) => ({
    amountCents: toCents(data.amount),
    type: data.type,
    paymentSystem: data.type === 7 ? (data.payment_system ?? null) : null,
    network: data.type === CRYPTO_METHOD_TYPE ? (data.network ?? null) : null,
  }));
export type TopUpInput = z.input<typeof topUpSchema>;
export type TopUpCommand = z.output<typeof topUpSchema>;

export type CreatePaymentResponse = { success: true; message: string; url: string };
export type NetworksResponse = { networks: string[] };
