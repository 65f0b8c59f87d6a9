import type { PaymentStatus } from '@proxy/contract';

/** What a provider needs to open a checkout for one of our payments. */
export type CheckoutRequest = {
  paymentId: string;
  amountCents: number;
  currency: 'USD';
  systemName: string;
  network: string | null;
  language: string;
  /** Where the provider sends the browser afterwards. */
  successUrl: string;
  failUrl: string;
  /** Where the provider posts its webhooks (IPN). */
  webhookUrl: string;
};

export type CheckoutSession = { providerPaymentId: string; checkoutUrl: string };

/** A verified webhook, mapped onto our statuses (0 waiting, 1 success, 2 error). */
export type WebhookEvent = {
  providerPaymentId: string;
  status: PaymentStatus;
  /** What the provider says was paid, when it says it (checked against the payment). */
  amountCents: number | null;
  currency: string | null;
};

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export class WebhookSignatureError extends Error {}

/**
 * One payment provider. `verifyAndParseWebhook` throws WebhookSignatureError for a delivery
 * that is not provably from the provider, and returns null for an event we do not act on.
 */
export type PaymentProvider = {
  name: 'sandbox' | 'stripe' | 'nowpayments';
  merchantId: number;
  createPayment: (request: CheckoutRequest) => Promise<CheckoutSession>;
  verifyAndParseWebhook: (rawBody: Buffer, headers: WebhookHeaders) => WebhookEvent | null;
};

export const headerValue = (headers: WebhookHeaders, name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** Dollars as a provider writes them (number or string) -> cents, or null. */
export const dollarsToCents = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n * 100) : null;
};
