import Stripe from 'stripe';
import {
  MERCHANTS,
  PAYMENT_STATUS,
  stripeCheckoutSessionSchema,
  stripeEventSchema,
} from '@proxy/contract';
import {
  WebhookSignatureError,
  headerValue,
  notJsonPayload,
  parseWebhookPayload,
  type PaymentProvider,
  type WebhookEvent,
} from './payment-provider.ts';

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Only for a local stand-in in tests. */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
};

/** Checkout session events we act on; everything else is acknowledged and ignored. */
const statusOfEvent = (type: string, paymentStatus: string | null | undefined) => {
  switch (type) {
    case 'checkout.session.completed':
      // Delayed methods complete with payment_status 'unpaid' and settle later (async_*).
      return paymentStatus === 'paid' || paymentStatus === 'no_payment_required'
        ? PAYMENT_STATUS.success
        : PAYMENT_STATUS.waiting;
    case 'checkout.session.async_payment_succeeded':
      return PAYMENT_STATUS.success;
    case 'checkout.session.async_payment_failed':
      return PAYMENT_STATUS.error;
    case 'checkout.session.expired':
      return PAYMENT_STATUS.expired;
    default:
      return null;
  }
};

/**
 * A Checkout Session created without `expires_at` (ours) closes 24 hours after its creation;
 * the session answers its `expires_at`, which is what the payment keeps.
 */
export const STRIPE_CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Card payments through Stripe Checkout (official SDK; webhooks verified by the SDK). */
export const createStripeProvider = (options: StripeOptions): PaymentProvider => {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
  return {
    name: 'stripe',
    merchantId: MERCHANTS.card,
    checkoutLifetimeMs: STRIPE_CHECKOUT_LIFETIME_MS,
    createPayment: async (request) => {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: `Balance top-up (${request.systemName})` },
              },
            },
          ],
          client_reference_id: request.paymentId,
          metadata: { payment_id: request.paymentId },
          locale: request.language === 'ru' ? 'ru' : 'en',
          success_url: request.successUrl,
          cancel_url: request.failUrl,
        },
        // A retried create (network error) must not open a second session.
        { idempotencyKey: `payment-${request.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return {
        providerPaymentId: session.id,
        checkoutUrl: session.url,
        ...(typeof session.expires_at === 'number'
          ? { expiresAt: new Date(session.expires_at * 1000) }
          : {}),
      };
    },
    verifyAndParseWebhook: (rawBody, headers): WebhookEvent | null => {
      const signature = headerValue(headers, 'stripe-signature');
      if (!signature) throw new WebhookSignatureError('missing signature');
      let raw: unknown;
      try {
        raw = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        // The SDK parses JSON only once the signature holds: a signed non-JSON body is malformed.
        if (error instanceof SyntaxError) throw notJsonPayload();
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
      }
      const event = parseWebhookPayload(stripeEventSchema, raw);
      if (!event.type.startsWith('checkout.session.')) return null;
      const session = parseWebhookPayload(stripeCheckoutSessionSchema, event.data.object);
      const status = statusOfEvent(event.type, session.payment_status);
      if (status === null) return null;
      return {
        providerPaymentId: session.id,
        status,
        amountCents: session.amount_total ?? null,
        currency: session.currency ? session.currency.toUpperCase() : null,
        // A completed session whose payment is still unpaid is a delayed method settling.
        isSettling:
          event.type === 'checkout.session.completed' && status === PAYMENT_STATUS.waiting,
      };
    },
  };
};
