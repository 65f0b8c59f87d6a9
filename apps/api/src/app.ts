import Fastify, {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { App, RoutesPlugin } from './lib/contract-route.ts';
import type { AppDeps } from './app-deps.ts';
import { apiKeyPlugin } from './plugins/api-key.ts';
import { authPlugin } from './plugins/auth.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { databasePlugin } from './plugins/database.ts';
import {
  errorHandlerPlugin,
  handleClientError,
  handleFrameworkError,
} from './plugins/error-handler.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticPlugin } from './plugins/static.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { appConfigRoutes } from './modules/app-config/app-config.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { faqRoutes } from './modules/faq/faq.routes.ts';
import { legalRoutes } from './modules/legal/legal.routes.ts';
import { googleRoutes } from './modules/google/google.routes.ts';
import { jobsPlugin } from './modules/jobs/jobs.plugin.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { receiptsRoutes } from './modules/receipts/receipts.routes.ts';
import { transactionsRoutes } from './modules/transactions/transactions.routes.ts';
import { referralRoutes } from './modules/referral/referral.routes.ts';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { purchasesRoutes } from './modules/purchases/purchases.routes.ts';
import { packagesRoutes } from './modules/packages/packages.routes.ts';
import { packageChangesRoutes } from './modules/package-changes/package-changes.routes.ts';
import { packageLifecycleRoutes } from './modules/package-lifecycle/package-lifecycle.routes.ts';
import { packageAlertsRoutes } from './modules/package-alerts/package-alerts.routes.ts';
import { proxyListsRoutes } from './modules/proxy-lists/proxy-lists.routes.ts';
import { subUsersRoutes } from './modules/sub-users/sub-users.routes.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { statisticsExportsRoutes } from './modules/exports/statistics-exports.routes.ts';
import { notificationSettingsRoutes } from './modules/notification-settings/notification-settings.routes.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { telegramRoutes } from './modules/telegram/telegram.routes.ts';

export type { AppDeps } from './app-deps.ts';
export type { App } from './lib/contract-route.ts';

/**
 * Only Google sign-in reads and sets a cookie (its flow cookie): the cookie plugin's hooks run
 * on its routes, not on every request of the API (decision 086).
 */
const googleWithCookies: RoutesPlugin = (scope, _options, done) => {
  void scope.register(cookie);
  void scope.register(googleRoutes);
  done();
};

/** The API modules, mounted under /api in this order. New modules are added here. */
const MODULES = [
  healthRoutes,
  appConfigRoutes,
  authRoutes,
  profileRoutes,
  twoFactorRoutes,
  sessionsRoutes,
  notificationsRoutes,
  notificationSettingsRoutes,
  telegramRoutes,
  googleWithCookies,
  faqRoutes,
  legalRoutes,
  alertsRoutes,
  paymentsRoutes,
  receiptsRoutes,
  transactionsRoutes,
  referralRoutes,
  withdrawalsRoutes,
  catalogueRoutes,
  purchasesRoutes,
  packagesRoutes,
  packageChangesRoutes,
  packageLifecycleRoutes,
  packageAlertsRoutes,
  subUsersRoutes,
  proxyListsRoutes,
  statisticsRoutes,
  statisticsExportsRoutes,
  overviewRoutes,
];

/**
 * Per-request lines at debug, not info: at the default level a session logs nothing per request
 * (it logged two info lines for each). Errored requests still log at error.
 */
class DebugRequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export type BuildOptions = {
  logger?: FastifyServerOptions['loggerInstance'] | false;
  /** Sees every route as it is added (the route-table test checks each has a contract). */
  onRoute?: (route: RouteOptions) => void;
};

/**
 * The whole app as a composition of plugins: infrastructure first, then the modules.
 * The process (server.ts, tests, bench) owns the pool, the logger and listen().
 */
export const buildApp = async (deps: AppDeps, options: BuildOptions = {}): Promise<App> => {
  const app: App = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    trustProxy: deps.config.TRUST_PROXY,
    // Ids come from crypto.randomUUID: unique across restarts and replicas in the logs.
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    logController: new DebugRequestLogController(),
    // Errors raised before routing (undecodable URLs, over-long path parameters) and requests
    // Node cannot read go through the one error handler and shape.
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  }).withTypeProvider<ZodTypeProvider>();
  // Routes come from the contract's zod definitions: zod validates requests and serialises
  // responses (see lib/contract-route.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  if (options.onRoute) app.addHook('onRoute', options.onRoute);

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
  // Before any route: the key must open what is stored; legacy plain text gets encrypted.
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  // X-Api-Key: the public routes authenticate by it, every other API route refuses it.
  await app.register(apiKeyPlugin);
  // GET /api/openapi.json; collects the routes registered after it (the modules).
  await app.register(openApiPlugin);
  // CSP, nosniff, referrer policy, HSTS over TLS on every response; POST /api/csp-report.
  await app.register(securityHeadersPlugin);
  // pg-boss (mail queue): started with the app, stopped by app.close().
  await app.register(jobsPlugin);
  for (const module of MODULES) await app.register(module, { prefix: '/api' });
  await app.register(staticPlugin);
  return app;
};
