import type { FastifyInstance } from 'fastify';
import { PAYMENT_SORT_FIELDS, paymentsEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { moneyMovementGuard, unrestrictedUserGuard } from '../users/restricted-user.ts';
import { messageReply } from '../../lib/message-reply.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  isSandboxCheckoutToken,
  sandboxWebhookBody,
  signSandboxPayload,
  SANDBOX_SIGNATURE_HEADER,
} from '../../integrations/payments/sandbox.ts';
import { parseListQuery } from '../../lib/list-query.ts';
import { createPaymentProviders, type PaymentProviders } from './payment-providers.ts';
import { createPayment, handleWebhook, listNetworks, listPayments } from './payments.service.ts';
import { findPaymentById } from './payments.repository.ts';
import { renderSandboxPage } from './sandbox-page.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const webhookRateLimit = (app: FastifyInstance) => ({
  rateLimit: {
    max: app.config.RATE_LIMIT_WEBHOOK_MAX,
    timeWindow: app.config.RATE_LIMIT_WINDOW_MS,
  },
});

const resultUrl = (app: FastifyInstance, result: 'success' | 'fail') =>
  `${app.config.APP_URL}/cabinet/payment?result=${result}`;

/** The sandbox posts its webhook to us over real HTTP: to the configured URL or our own socket. */
const sandboxWebhookUrl = (app: FastifyInstance): string => {
  if (app.config.PAYMENT_SANDBOX_WEBHOOK_URL) return app.config.PAYMENT_SANDBOX_WEBHOOK_URL;
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const host =
      address.address === '0.0.0.0' || address.address === '::'
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    return `http://${host}:${address.port}/api/payment/webhook/sandbox`;
  }
  return `${app.config.APP_URL}/api/payment/webhook/sandbox`;
};

/** Webhooks need the exact bytes the provider signed: raw Buffer bodies in this scope only. */
const webhookRoutes =
  (providers: PaymentProviders): RoutesPlugin =>
  (app, _options, done) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    addRoute(app, paymentsEndpoints.webhook, { config: webhookRateLimit(app) }, async (request) => {
      const provider = providers.byName(request.params.provider);
      if (!provider) throw new AppError('NOT_FOUND');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await handleWebhook(app.db, provider, raw, request.headers, request.log);
      return { received: true as const, outcome };
    });
    done();
  };

/** The sandbox checkout: its page and the two buttons (HTML forms, so form bodies are accepted). */
const sandboxRoutes =
  (providers: PaymentProviders): RoutesPlugin =>
  (app, _options, done) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_r, _b, done) => done(null, {}),
    );
    /**
     * The payment of a checkout link, only with the link's signed token (bound to the payment
     * and its owner, expiring): anything else is 404, as for an unknown payment. The token is
     * single use in effect: it completes a waiting payment, and a processed one has nothing
     * left to complete.
     */
    const loadSandboxPayment = async (id: string, token: string | undefined) => {
      const payment = UUID.test(id) ? await findPaymentById(app.db, id) : undefined;
      if (
        !payment ||
        payment.provider !== 'sandbox' ||
        !providers.byName('sandbox') ||
        !isSandboxCheckoutToken(app.config.APP_SECRET, token, {
          paymentId: payment.id,
          userId: payment.user_id,
        })
      )
        throw new AppError('NOT_FOUND');
      return payment;
    };

    addRoute(app, paymentsEndpoints.sandboxPage, {}, async (request, reply) => {
      const { token } = request.query;
      const payment = await loadSandboxPayment(request.params.id, token);
      const appOrigin = new URL(app.config.APP_URL).origin;
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${appOrigin}; base-uri 'none'; frame-ancestors 'none'`,
        )
        .send(
          renderSandboxPage({
            ...payment,
            token: token ?? '',
            cabinetUrl: `${app.config.APP_URL}/cabinet/top-up`,
          }),
        );
    });

    addRoute(
      app,
      paymentsEndpoints.sandboxAction,
      { config: webhookRateLimit(app) },
      async (request, reply) => {
        const { action } = request.params;
        if (action !== 'pay' && action !== 'fail') throw new AppError('NOT_FOUND');
        const payment = await loadSandboxPayment(request.params.id, request.query.token);
        let isSuccess = payment.status === 1;
        if (payment.status === 0 && payment.provider_payment_id) {
          const body = JSON.stringify(
            sandboxWebhookBody(payment, action === 'pay' ? 'paid' : 'failed'),
          );
          const signature = signSandboxPayload(
            providers.sandboxSecret,
            body,
            Math.floor(Date.now() / 1000),
          );
          try {
            const response = await fetch(sandboxWebhookUrl(app), {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                [SANDBOX_SIGNATURE_HEADER]: signature,
              },
              body,
              signal: AbortSignal.timeout(15_000),
            });
            isSuccess = action === 'pay' && response.ok;
            if (!response.ok)
              request.log.error({ status: response.status }, 'sandbox webhook refused');
          } catch (error) {
            request.log.error({ err: error }, 'sandbox webhook delivery failed');
            isSuccess = false;
          }
        }
        return reply.redirect(resultUrl(app, isSuccess ? 'success' : 'fail'), 303);
      },
    );
    done();
  };

export const paymentsRoutes: RoutesPlugin = (app, _options, done) => {
  const providers = createPaymentProviders(app.config);

  addRoute(app, paymentsEndpoints.getNetworks, { preHandler: authenticate }, () => listNetworks());

  addRoute(app, paymentsEndpoints.createPayment, moneyMovementGuard, async (request) => {
    const created = await createPayment(
      app.db,
      providers,
      sessionOf(request).user,
      request.body,
      requestLanguage(request),
      {
        successUrl: resultUrl(app, 'success'),
        failUrl: resultUrl(app, 'fail'),
        webhookUrl: (provider) => `${app.config.APP_URL}/api/payment/webhook/${provider}`,
      },
      request.log,
    );
    return { ...messageReply(app, request, 'top-up:messages.created'), url: created.url };
  });

  addRoute(app, paymentsEndpoints.listPayments, unrestrictedUserGuard, (request) =>
    listPayments(
      app.db,
      sessionOf(request).user.id,
      parseListQuery(PAYMENT_SORT_FIELDS, request.query),
    ),
  );

  void app.register(webhookRoutes(providers));
  void app.register(sandboxRoutes(providers));
  done();
};
