import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import type { AppDeps } from './app-deps.ts';
import { authPlugin } from './plugins/auth.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { staticPlugin } from './plugins/static.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { faqRoutes } from './modules/faq/faq.routes.ts';
import { googleRoutes } from './modules/google/google.routes.ts';
import { jobsPlugin } from './modules/jobs/jobs.plugin.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { transactionsRoutes } from './modules/transactions/transactions.routes.ts';
import { referralRoutes } from './modules/referral/referral.routes.ts';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { purchasesRoutes } from './modules/purchases/purchases.routes.ts';
import { packagesRoutes } from './modules/packages/packages.routes.ts';

export type { AppDeps } from './app-deps.ts';

/** The API modules, mounted under /api in this order. New modules are added here. */
const MODULES = [
  healthRoutes,
  authRoutes,
  profileRoutes,
  notificationsRoutes,
  googleRoutes,
  faqRoutes,
  alertsRoutes,
  paymentsRoutes,
  transactionsRoutes,
  referralRoutes,
  withdrawalsRoutes,
  catalogueRoutes,
  purchasesRoutes,
  packagesRoutes,
];

type BuildOptions = { logger?: FastifyServerOptions['loggerInstance'] | false };

/**
 * The whole app as a composition of plugins: infrastructure first, then the modules.
 * The process (server.ts, tests, bench) owns the pool, the logger and listen().
 */
export const buildApp = async (
  deps: AppDeps,
  options: BuildOptions = {},
): Promise<FastifyInstance> => {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    trustProxy: deps.config.TRUST_PROXY,
    // Ids come from crypto.randomUUID: unique across restarts and replicas in the logs.
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }) as unknown as FastifyInstance;

  // Clients may send Content-Type: application/json with an empty body (logout, PATCH).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });

  await app.register(databasePlugin, deps);
  await app.register(errorHandlerPlugin);
  await app.register(cookie);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  // pg-boss (mail queue): started with the app, stopped by app.close().
  await app.register(jobsPlugin);
  for (const module of MODULES) await app.register(module, { prefix: '/api' });
  await app.register(staticPlugin);
  return app;
};
