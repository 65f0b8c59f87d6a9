import { z } from 'zod';
import { VALIDATION_KEYS, textField } from '../common/validation.ts';
import { formatDollars, hasAtMostTwoDecimals, toCents, toDollars } from '../common/money.ts';
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

/**
 * A typed amount: digits with an optional decimal point (`.` or `,`). Number() alone would
 * also take `1e3`, `0x10`, `Infinity` or `+50`.
 */
const PLAIN_DECIMAL = /^(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/**
 * A dollar amount: a number or a plain decimal string. Missing or digit-less reads "required
 * field"; any other string with digits (`1e3`) reads "amount_format".
 */
export const dollarAmountField = z
  .union([z.number(), textField(), z.null()], { error: VALIDATION_KEYS.required })
  // Optional here so a missing amount reaches the transform ("required field") and the schema
  // still converts to JSON Schema for the OpenAPI document.
  .optional()
  .transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : value;
    // No digit at all (empty, "abc"): nothing was entered that looks like an amount.
    if (text === undefined || text === null || (typeof text === 'string' && !/\d/.test(text))) {
      ctx.addIssue({ code: 'custom', message: VALIDATION_KEYS.required });
      return z.NEVER;
    }
    if (typeof text === 'string' && !PLAIN_DECIMAL.test(text)) {
      ctx.addIssue({ code: 'custom', message: VALIDATION_KEYS.amountFormat });
      return z.NEVER;
    }
    return typeof text === 'string' ? Number(text.replace(',', '.')) : text;
  })
  .pipe(
    z
      .number()
      .refine((n) => Number.isFinite(n), VALIDATION_KEYS.required)
      .refine(hasAtMostTwoDecimals, TOP_UP_ERROR_KEYS.cents),
  );

/**
 * POST /payment/create. Bounds depend on the method; the bound errors carry the amount as
 * `params.amount` (the money text) for interpolation.
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
    network: textField().nullish(),
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
        params: { amount: formatDollars(toDollars(method.minCents)) },
      });
    } else if (cents > method.maxCents) {
      ctx.addIssue({
        code: 'custom',
        message: TOP_UP_ERROR_KEYS.max,
        path: ['amount'],
        params: { amount: formatDollars(toDollars(method.maxCents)) },
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

export const createPaymentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  url: z.string(),
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;
export const networksResponseSchema = z.object({ networks: z.array(z.string()) });
export type NetworksResponse = z.infer<typeof networksResponseSchema>;
