import { createHmac, timingSafeEqual } from 'node:crypto';
import { hmacBase64Url, safeEqual } from '../../lib/crypto.ts';
import {
  MERCHANTS,
  PAYMENT_STATUS,
  sandboxWebhookSchema,
  toCents,
  toDollars,
  type PaymentStatus,
  type SandboxWebhookBody,
} from '@proxy/contract';
import {
  WebhookSignatureError,
  headerValue,
  parseSignedJson,
  parseWebhookPayload,
  type PaymentProvider,
  type WebhookEvent,
} from './payment-provider.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A delivery older than this is refused (replay of a captured request). */
const TOLERANCE_SECONDS = 300;

/**
 * How long a sandbox checkout link works: a day, as a Stripe Checkout Session by default. The
 * payment expires with its link (decision 155).
 */
export const SANDBOX_CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

type CheckoutHolder = { paymentId: string; userId: number };

/** When a checkout link made at `now` stops working, in whole seconds since the epoch. */
const checkoutExpiry = (now: number) => Math.floor((now + SANDBOX_CHECKOUT_TTL_MS) / 1000);

const checkoutMac = (secret: string, holder: CheckoutHolder, expiresAt: number) =>
  hmacBase64Url(secret, `sandbox-checkout\n${holder.paymentId}\n${holder.userId}\n${expiresAt}`);

/**
 * The token in a sandbox checkout URL: `<expiry>.<HMAC>` over the payment
 * id, its owner and the expiry, keyed with APP_SECRET. Without it the page and its buttons
 * answer 404, so holding a payment id does not let anyone complete the payment.
 */
export const createSandboxCheckoutToken = (
  secret: string,
  holder: CheckoutHolder,
  now = Date.now(),
): string => {
  const expiresAt = checkoutExpiry(now);
  return `${expiresAt}.${checkoutMac(secret, holder, expiresAt)}`;
};

/** True for a token made by createSandboxCheckoutToken for this payment and owner, unexpired. */
export const isSandboxCheckoutToken = (
  secret: string,
  token: string | undefined,
  holder: CheckoutHolder,
  now = Date.now(),
): boolean => {
  const [expiry = '', mac = '', ...rest] = (token ?? '').split('.');
  if (rest.length > 0 || !/^\d{1,12}$/.test(expiry)) return false;
  const expiresAt = Number(expiry);
  if (expiresAt * 1000 <= now) return false;
  return safeEqual(mac, checkoutMac(secret, holder, expiresAt));
};

export const signSandboxPayload = (secret: string, rawBody: string, timestamp: number): string => {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
};

/**
 * What the sandbox's webhook says of a payment: paid or failed, the amount in dollars with two
 * decimals as providers write it.
 */
export const sandboxWebhookBody = (
  payment: {
    provider_payment_id: string | null;
    id: string;
    amount_cents: number;
    currency: string;
  },
  status: SandboxWebhookBody['status'],
) => ({
  id: payment.provider_payment_id,
  payment_id: payment.id,
  status,
  amount: toDollars(payment.amount_cents).toFixed(2),
  currency: payment.currency,
});

const parseHeader = (header: string) => {
  const parts = new Map<string, string>();
  for (const piece of header.split(',')) {
    const [key, value] = piece.split('=', 2);
    if (key && value) parts.set(key.trim(), value.trim());
  }
  return { t: Number(parts.get('t')), v1: parts.get('v1') ?? '' };
};

const STATUS: Record<SandboxWebhookBody['status'], PaymentStatus> = {
  paid: PAYMENT_STATUS.success,
  failed: PAYMENT_STATUS.error,
};

/**
 * The built-in provider: its "checkout" is a page of our own API, and it notifies us with a
 * webhook over HTTP signed like Stripe's (HMAC-SHA256 over `${t}.${rawBody}`).
 */
export const createSandboxProvider = (options: {
  secret: string;
  /** The checkout link of a payment, made at `now` (its token expires a day later). */
  checkoutUrl: (holder: CheckoutHolder, now: number) => string;
  now?: () => number;
}): PaymentProvider => ({
  name: 'sandbox',
  merchantId: MERCHANTS.sandbox,
  checkoutLifetimeMs: SANDBOX_CHECKOUT_TTL_MS,
  createPayment: (request) => {
    const now = options.now?.() ?? Date.now();
    return Promise.resolve({
      // The sandbox has no ids of its own: it names the payment after ours.
      providerPaymentId: `sbx_${request.paymentId}`,
      checkoutUrl: options.checkoutUrl(
        { paymentId: request.paymentId, userId: request.userId },
        now,
      ),
      expiresAt: new Date(checkoutExpiry(now) * 1000),
    });
  },
  verifyAndParseWebhook: (rawBody, headers): WebhookEvent | null => {
    const header = headerValue(headers, SANDBOX_SIGNATURE_HEADER);
    if (!header) throw new WebhookSignatureError('missing signature');
    const { t, v1 } = parseHeader(header);
    const nowSeconds = Math.floor((options.now?.() ?? Date.now()) / 1000);
    if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > TOLERANCE_SECONDS)
      throw new WebhookSignatureError('stale or missing timestamp');
    const expected = Buffer.from(
      createHmac('sha256', options.secret).update(`${t}.`).update(rawBody).digest('hex'),
    );
    const given = Buffer.from(v1);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new WebhookSignatureError('bad signature');
    const body = parseWebhookPayload(sandboxWebhookSchema, parseSignedJson(rawBody));
    return {
      providerPaymentId: body.id,
      status: STATUS[body.status],
      amountCents: toCents(Number(body.amount)),
      currency: body.currency.toUpperCase(),
    };
  },
});
