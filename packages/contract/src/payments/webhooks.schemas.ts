import { z } from 'zod';
import { textField } from '../common/validation.ts';

/**
 * The payloads of the providers' signed webhooks, as far as we read them.
 * A signature proves who sent a body, not that it has the shape we expect: a delivery that
 * does not fit is answered 400 in the error shape, never handed half-checked to SQL.
 * Provider payloads grow over time: fields we do not read are let through.
 */

const providerId = textField().min(1).max(255);

/** Our own sandbox: every field is required and has one form (it signs what it builds). */
export const sandboxWebhookSchema = z.object({
  id: providerId,
  payment_id: providerId,
  status: z.enum(['paid', 'failed']),
  /** Dollars with at most two decimals, as providers write amounts ("25.00"). */
  amount: textField().regex(/^\d{1,12}(\.\d{1,2})?$/),
  currency: textField().regex(/^[A-Za-z]{3}$/),
});
export type SandboxWebhookBody = z.infer<typeof sandboxWebhookSchema>;

/**
 * A NOWPayments IPN. `invoice_id` is absent or null for payments not made through an invoice
 * (not ours: acknowledged and ignored); statuses we do not know are ignored too.
 */
export const nowPaymentsIpnSchema = z.looseObject({
  invoice_id: z.union([z.number().int().nonnegative(), providerId]).nullish(),
  payment_status: textField().max(64),
  price_amount: z.union([z.number().nonnegative(), textField().max(32)]).nullish(),
  price_currency: textField().max(16).nullish(),
});
export type NowPaymentsIpn = z.infer<typeof nowPaymentsIpnSchema>;

/** A Stripe event envelope: its type and the object it is about. */
export const stripeEventSchema = z.looseObject({
  type: textField().min(1).max(255),
  data: z.looseObject({ object: z.looseObject({}) }),
});

/** The Checkout Session of a `checkout.session.*` event. */
export const stripeCheckoutSessionSchema = z.looseObject({
  id: providerId,
  payment_status: textField().max(64).nullish(),
  amount_total: z.number().int().nonnegative().nullish(),
  currency: textField().max(16).nullish(),
});

/** Every payload POST /payment/webhook/:provider takes (documentation: the body is raw). */
export const webhookPayloadSchema = z.union([
  sandboxWebhookSchema,
  nowPaymentsIpnSchema,
  stripeEventSchema,
]);
