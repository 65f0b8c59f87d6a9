import { z } from 'zod';
import { dollarsField } from '../common/money.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { VALIDATION_KEYS, textField } from '../common/validation.ts';
import { listRouteQuerySchema, pagedResponseSchema } from '../tables/tables.schemas.ts';
import {
  PAYMENT_SORT_FIELDS,
  PAYMENT_STATUS,
  TRANSACTION_SORT_FIELDS,
} from './payments.constants.ts';
import {
  createPaymentResponseSchema,
  networksResponseSchema,
  topUpSchema,
} from './payments.schemas.ts';
import { webhookPayloadSchema } from './webhooks.schemas.ts';

export const paymentRowSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** 0 waiting, 1 success, 2 error, 3 expired. */
  status: z.literal(Object.values(PAYMENT_STATUS)),
  merchant: z.number(),
  merchant_id: z.number(),
  system_name: z.string(),
  network: z.string().nullable(),
  amount: dollarsField,
  currency: z.string(),
  /** The receipt of a successful payment (GET /profile/receipts/:id); null for the others. */
  receipt_id: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

export const transactionRowSchema = z.object({
  id: z.number(),
  comment: z.string().nullable(),
  created_at: z.string(),
  type: z.string(),
  account: z.string(),
  amount: dollarsField,
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

export const WEBHOOK_OUTCOMES = [
  'credited',
  'duplicate',
  'failed',
  'expired',
  'ignored',
  'amount_mismatch',
  'unknown_payment',
] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

const providerParams = z.object({ provider: textField() });
const sandboxParams = z.object({ id: textField() });
/**
 * The signed one-time token of the checkout link. Optional in the schema:
 * a missing, foreign or expired token answers 404 like an unknown payment.
 */
const sandboxQuery = z.object({ token: textField().max(256).optional() });

/** Top-up, the payments and transactions tables, provider webhooks and the sandbox checkout. */
export const paymentsEndpoints = {
  getNetworks: defineEndpoint('GET /payment/networks', {
    summary: 'Networks of the crypto payment method',
    response: networksResponseSchema,
  }),
  createPayment: defineEndpoint('POST /payment/create', {
    summary: "Start a top-up: answers the provider's checkout URL",
    body: topUpSchema,
    response: createPaymentResponseSchema,
  }),
  listPayments: defineEndpoint('GET /profile/payments', {
    summary: 'The payments table (filters[merchant], filters[status])',
    query: listRouteQuerySchema(PAYMENT_SORT_FIELDS),
    response: pagedResponseSchema(paymentRowSchema),
  }),
  downloadReceipt: defineEndpoint('GET /profile/receipts/:id', {
    summary:
      "A successful payment's receipt as a PDF (receipt-{number}.pdf) in the request language; " +
      "another user's receipt is 404",
    params: z.object({ id: textField().max(64, VALIDATION_KEYS.tooLong) }),
    response: { kind: 'file' },
  }),
  listTransactions: defineEndpoint('GET /profile/transactions', {
    summary: 'The ledger of the main balance (filters[type])',
    query: listRouteQuerySchema(TRANSACTION_SORT_FIELDS),
    response: pagedResponseSchema(transactionRowSchema),
  }),
  webhook: defineEndpoint('POST /payment/webhook/:provider', {
    summary:
      "A provider's signed notification (raw body, checked against its signature, then its " +
      'shape: 400 when it does not fit)',
    params: providerParams,
    body: webhookPayloadSchema,
    rawBody: true,
    response: z.object({ received: z.literal(true), outcome: z.enum(WEBHOOK_OUTCOMES) }),
  }),
  sandboxPage: defineEndpoint('GET /payment/sandbox/:id', {
    summary: 'The checkout page of the local sandbox provider (?token= from the checkout URL)',
    params: sandboxParams,
    query: sandboxQuery,
    response: { kind: 'html' },
  }),
  sandboxAction: defineEndpoint('POST /payment/sandbox/:id/:action', {
    summary: 'A button of the sandbox checkout (pay or fail): redirects to the result page',
    params: sandboxParams.extend({ action: textField() }),
    query: sandboxQuery,
    response: { kind: 'redirect', status: 303 },
  }),
} as const;
