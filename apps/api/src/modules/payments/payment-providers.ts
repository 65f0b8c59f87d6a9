import { createHmac } from 'node:crypto';
import { CRYPTO_METHOD_TYPE } from '@proxy/contract';
import type { Config } from '../../config/env.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import { createNowPaymentsProvider } from '../../integrations/payments/nowpayments.ts';
import {
  createSandboxCheckoutToken,
  createSandboxProvider,
} from '../../integrations/payments/sandbox.ts';
import { createStripeProvider } from '../../integrations/payments/stripe.ts';

export type PaymentProviders = {
  /** The provider serving a method type, or null when none is configured. */
  forMethod: (type: number) => PaymentProvider | null;
  byName: (name: string) => PaymentProvider | null;
  sandboxSecret: string;
};

export const sandboxSecretOf = (config: Config): string =>
  config.PAYMENT_SANDBOX_SECRET ??
  createHmac('sha256', config.APP_SECRET).update('payment-sandbox-webhook').digest('hex');

/** `create` with the values of `keys` (a provider's credentials) when all are set, else null. */
const ifConfigured = <K extends keyof Config, T>(
  config: Config,
  keys: readonly K[],
  create: (values: { [P in K]: NonNullable<Config[P]> }) => T,
): T | null =>
  keys.every((key) => Boolean(config[key]))
    ? create(config as { [P in K]: NonNullable<Config[P]> })
    : null;

/**
 * Chosen per method by configuration (decision 041): crypto (3) -> NOWPayments when its keys
 * are set, cards and local methods (5, 6, 7.x) -> Stripe when its keys are set, otherwise the
 * sandbox (on by default, so a fresh install can top up with every method).
 */
export const createPaymentProviders = (config: Config): PaymentProviders => {
  const sandboxSecret = sandboxSecretOf(config);
  const sandbox =
    config.PAYMENT_SANDBOX_ENABLED === 'true'
      ? createSandboxProvider({
          secret: sandboxSecret,
          checkoutUrl: (holder, now) =>
            `${config.APP_URL}/api/payment/sandbox/${holder.paymentId}?token=${createSandboxCheckoutToken(config.APP_SECRET, holder, now)}`,
        })
      : null;
  const stripe = ifConfigured(config, ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'], (keys) =>
    createStripeProvider({
      secretKey: keys.STRIPE_SECRET_KEY,
      webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    }),
  );
  const nowPayments = ifConfigured(
    config,
    ['NOWPAYMENTS_API_KEY', 'NOWPAYMENTS_IPN_SECRET'],
    (keys) =>
      createNowPaymentsProvider({
        apiKey: keys.NOWPAYMENTS_API_KEY,
        ipnSecret: keys.NOWPAYMENTS_IPN_SECRET,
        baseUrl: config.NOWPAYMENTS_BASE_URL,
      }),
  );
  const all = [sandbox, stripe, nowPayments].filter((p): p is PaymentProvider => p !== null);
  return {
    forMethod: (type) => (type === CRYPTO_METHOD_TYPE ? nowPayments : stripe) ?? sandbox,
    byName: (name) => all.find((p) => p.name === name) ?? null,
    sandboxSecret,
  };
};
