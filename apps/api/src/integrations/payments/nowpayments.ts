import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  MERCHANTS,
  PAYMENT_STATUS,
  nowPaymentsIpnSchema,
  toDollars,
  type PaymentStatus,
} from '@proxy/contract';
import {
  WebhookSignatureError,
  dollarsToCents,
  headerValue,
  parseWebhookPayload,
  type PaymentProvider,
  type WebhookEvent,
} from './payment-provider.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';

export type NowPaymentsOptions = { apiKey: string; ipnSecret: string; baseUrl: string };

/** Our network names -> NOWPayments `pay_currency` codes. */
export const NOWPAYMENTS_CURRENCIES: Record<string, string> = {
  'USDT-TRC20': 'usdttrc20',
  'USDT-ERC20': 'usdterc20',
  'USDT-BEP20': 'usdtbsc',
  BTC: 'btc',
  ETH: 'eth',
  LTC: 'ltc',
  TRX: 'trx',
  TON: 'ton',
};

/** Documented IPN statuses. `partially_paid` stays waiting: the amount check refuses it anyway. */
const STATUS: Record<string, PaymentStatus> = {
  waiting: PAYMENT_STATUS.waiting,
  confirming: PAYMENT_STATUS.waiting,
  confirmed: PAYMENT_STATUS.waiting,
  sending: PAYMENT_STATUS.waiting,
  partially_paid: PAYMENT_STATUS.waiting,
  finished: PAYMENT_STATUS.success,
  failed: PAYMENT_STATUS.error,
  refunded: PAYMENT_STATUS.error,
  expired: PAYMENT_STATUS.expired,
};

/** Statuses after the customer's funds were seen: NOWPayments no longer expires the payment. */
const SETTLING = new Set(['confirming', 'confirmed', 'sending', 'partially_paid']);

/**
 * NOWPayments gives the customer 7 days to send the funds before the payment expires; the
 * invoice's answer names no expiry, so the payment keeps this from its creation.
 */
export const NOWPAYMENTS_CHECKOUT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** HMAC-SHA512 of the body with keys sorted at every level (their docs' sortObject). */
export const signNowPaymentsIpn = (secret: string, body: unknown): string =>
  createHmac('sha512', secret).update(canonicalJson(body)).digest('hex');

/** Crypto payments through NOWPayments invoices (POST /v1/invoice; IPN signed HMAC-SHA512). */
export const createNowPaymentsProvider = (
  options: NowPaymentsOptions,
  fetchImpl: typeof fetch = fetch,
): PaymentProvider => ({
  name: 'nowpayments',
  merchantId: MERCHANTS.crypto,
  checkoutLifetimeMs: NOWPAYMENTS_CHECKOUT_LIFETIME_MS,
  createPayment: async (request) => {
    const payCurrency = request.network ? NOWPAYMENTS_CURRENCIES[request.network] : undefined;
    const response = await fetchImpl(`${options.baseUrl.replace(/\/+$/, '')}/v1/invoice`, {
      method: 'POST',
      headers: { 'x-api-key': options.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        price_amount: toDollars(request.amountCents),
        price_currency: request.currency.toLowerCase(),
        ...(payCurrency ? { pay_currency: payCurrency } : {}),
        order_id: request.paymentId,
        order_description: `Balance top-up (${request.systemName})`,
        ipn_callback_url: request.webhookUrl,
        success_url: request.successUrl,
        cancel_url: request.failUrl,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`NOWPayments invoice failed: HTTP ${response.status}`);
    const invoice = (await response.json()) as { id?: unknown; invoice_url?: unknown };
    if (
      (typeof invoice.id !== 'string' && typeof invoice.id !== 'number') ||
      typeof invoice.invoice_url !== 'string'
    )
      throw new Error('NOWPayments answered an invoice without id or invoice_url');
    return { providerPaymentId: String(invoice.id), checkoutUrl: invoice.invoice_url };
  },
  verifyAndParseWebhook: (rawBody, headers): WebhookEvent | null => {
    const signature = headerValue(headers, 'x-nowpayments-sig');
    if (!signature) throw new WebhookSignatureError('missing signature');
    // The signature is over the parsed body with sorted keys: a body that is not JSON cannot
    // be shown to come from NOWPayments.
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookSignatureError('body is not JSON');
    }
    const expected = Buffer.from(signNowPaymentsIpn(options.ipnSecret, parsed));
    const given = Buffer.from(signature.toLowerCase());
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new WebhookSignatureError('bad signature');
    const body = parseWebhookPayload(nowPaymentsIpnSchema, parsed);
    // Own properties only: a status named like an Object.prototype member is no status.
    const status = Object.hasOwn(STATUS, body.payment_status)
      ? STATUS[body.payment_status]
      : undefined;
    if (body.invoice_id === null || body.invoice_id === undefined || status === undefined)
      return null;
    return {
      providerPaymentId: String(body.invoice_id),
      status,
      // The invoice is priced in USD; price_amount is what the invoice asked, in that currency.
      amountCents: dollarsToCents(body.price_amount),
      currency: body.price_currency ? body.price_currency.toUpperCase() : null,
      isSettling: SETTLING.has(body.payment_status),
    };
  },
});
