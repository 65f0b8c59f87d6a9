import type { z } from 'zod';
import { toCents, type PaymentStatus } from '@proxy/contract';

/** What a provider needs to open a checkout for one of our payments. */
export type CheckoutRequest = {
  paymentId: string;
  /** The payment's owner (the sandbox binds its checkout link to them). */
  userId: number;
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

export type CheckoutSession = {
  providerPaymentId: string;
  checkoutUrl: string;
  /** When the checkout stops taking money, where the provider says so (decision 155). */
  expiresAt?: Date;
};

/** A verified webhook, mapped onto our statuses (0 waiting, 1 success, 2 error, 3 expired). */
export type WebhookEvent = {
  providerPaymentId: string;
  status: PaymentStatus;
  /** What the provider says was paid, when it says it (checked against the payment). */
  amountCents: number | null;
  currency: string | null;
  /**
   * A waiting payment the customer has paid and the provider is settling (a bank debit, funds
   * seen on the chain): the provider no longer expires it, and neither do we.
   */
  isSettling?: boolean;
};

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export class WebhookSignatureError extends Error {}

/** A delivery provably from the provider whose body is not the payload we expect (400). */
export class WebhookPayloadError extends Error {
  readonly issues: { path: PropertyKey[]; message: string }[];

  constructor(issues: { path: PropertyKey[]; message: string }[]) {
    super('webhook payload does not fit its schema');
    this.name = 'WebhookPayloadError';
    this.issues = issues;
  }
}

/** A signed body that is not JSON: malformed, not forged. */
export const notJsonPayload = () =>
  new WebhookPayloadError([{ path: [], message: 'invalid_value' }]);

/** The signed body as JSON (WebhookPayloadError when it is not JSON). */
export const parseSignedJson = (rawBody: Buffer): unknown => {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw notJsonPayload();
  }
};

/** The payload checked against the contract's schema of the provider (WebhookPayloadError). */
export const parseWebhookPayload = <S extends z.ZodType>(
  schema: S,
  value: unknown,
): z.output<S> => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new WebhookPayloadError(parsed.error.issues);
  return parsed.data;
};

/**
 * One payment provider. `verifyAndParseWebhook` throws WebhookSignatureError for a delivery
 * that is not provably from the provider, WebhookPayloadError for a signed body that is not
 * the payload its contract schema describes, and returns null for an event we do not act on.
 */
export type PaymentProvider = {
  name: 'sandbox' | 'stripe' | 'nowpayments';
  merchantId: number;
  /**
   * How long the provider's checkout takes money by default, from its creation: a payment
   * still waiting then has expired (decision 155). A session that names its own expiry
   * (`CheckoutSession.expiresAt`) overrides it.
   */
  checkoutLifetimeMs: number;
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
  return typeof n === 'number' && Number.isFinite(n) ? toCents(n) : null;
};
