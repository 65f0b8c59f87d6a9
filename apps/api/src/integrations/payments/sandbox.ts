import { createHmac, timingSafeEqual } from 'node:crypto';
import { MERCHANTS, PAYMENT_STATUS, type PaymentStatus } from '@proxy/contract';
import {
  WebhookSignatureError,
  headerValue,
  type PaymentProvider,
  type WebhookEvent,
} from './payment-provider.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A delivery older than this is refused (replay of a captured request). */
const TOLERANCE_SECONDS = 300;

export type SandboxWebhookBody = {
  id: string;
  payment_id: string;
  status: 'paid' | 'failed';
  amount: string;
  currency: string;
};

export const signSandboxPayload = (secret: string, rawBody: string, timestamp: number): string => {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
};

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
  checkoutUrl: (paymentId: string) => string;
  now?: () => number;
}): PaymentProvider => ({
  name: 'sandbox',
  merchantId: MERCHANTS.sandbox,
  createPayment: (request) =>
    Promise.resolve({
      // The sandbox has no ids of its own: it names the payment after ours.
      providerPaymentId: `sbx_${request.paymentId}`,
      checkoutUrl: options.checkoutUrl(request.paymentId),
    }),
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
    const body = JSON.parse(rawBody.toString('utf8')) as Partial<SandboxWebhookBody>;
    const status = body.status ? STATUS[body.status] : undefined;
    if (typeof body.id !== 'string' || status === undefined) return null;
    const cents = typeof body.amount === 'string' ? Math.round(Number(body.amount) * 100) : NaN;
    return {
      providerPaymentId: body.id,
      status,
      amountCents: Number.isFinite(cents) ? cents : null,
      currency: typeof body.currency === 'string' ? body.currency.toUpperCase() : null,
    };
  },
});
