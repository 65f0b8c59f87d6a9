import { setTimeout as sleep } from 'node:timers/promises';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { emailField } from '@proxy/contract';
import type { Config } from '../config/env.ts';
import { AppError } from '../lib/app-error.ts';
import { sessionOf } from './auth.ts';
import { createPgStore, deleteExpiredRateLimits, hitRateLimit } from './rate-limit-store.ts';

const rateLimitedError = (_request: FastifyRequest, context: { ttl: number }) =>
  new AppError('RATE_LIMITED', { params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) } });

/** How often each instance deletes expired counters (any instance's sweep serves all). */
const CLEANUP_INTERVAL_MS = 60_000;

/**
 * Counters live in PostgreSQL (migration 0007), shared by every instance on the database, so
 * a limit holds however many instances serve the traffic. Routes ask for a limit either with
 * `config.rateLimit` (@fastify/rate-limit over the shared store) or with the auth helpers below.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: rateLimitedError,
      store: createPgStore(app.db),
    });
    const cleanup = setInterval(() => {
      deleteExpiredRateLimits(app.db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'rate limit clean-up failed'),
      );
    }, CLEANUP_INTERVAL_MS);
    cleanup.unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(cleanup);
      done();
    });
  },
  { name: 'rate-limit', dependencies: ['database'] },
);

/**
 * The account an auth request names: its e-mail as the contract reads it (trimmed, lower case).
 * This runs before the body is validated, so anything that is not an e-mail (a NUL, 1 MB, an
 * object) names no account: the body fails validation next, and the per-IP limit still counts.
 */
const emailOf = (request: FastifyRequest): string | null => {
  const body = request.body as { email?: unknown } | null | undefined;
  const parsed = emailField.safeParse(
    typeof body === 'object' && body !== null ? body.email : undefined,
  );
  return parsed.success ? parsed.data : null;
};

/**
 * The soft per-account limit (docs/decisions/062): the first RATE_LIMIT_ACCOUNT_MAX attempts of a
 * window run at once; each further one waits RATE_LIMIT_ACCOUNT_DELAY_MS, doubling per attempt up
 * to RATE_LIMIT_ACCOUNT_DELAY_MAX_MS. It never refuses: an attacker slows guessing down, and the
 * owner (who is asked the same delay, at most the cap) still gets in.
 */
export const accountDelayMs = (
  count: number,
  config: Pick<
    Config,
    'RATE_LIMIT_ACCOUNT_MAX' | 'RATE_LIMIT_ACCOUNT_DELAY_MS' | 'RATE_LIMIT_ACCOUNT_DELAY_MAX_MS'
  >,
) => {
  const excess = count - config.RATE_LIMIT_ACCOUNT_MAX;
  if (excess <= 0) return 0;
  // 2 ** 30 already exceeds any sane cap; keeps the product finite.
  const delay = config.RATE_LIMIT_ACCOUNT_DELAY_MS * 2 ** Math.min(excess - 1, 30);
  return Math.min(delay, config.RATE_LIMIT_ACCOUNT_DELAY_MAX_MS);
};

/** The hard per-IP limit: 429 with Retry-After once an address used up the window. */
const limitIp = async (
  app: FastifyInstance,
  name: string,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const { RATE_LIMIT_AUTH_MAX, RATE_LIMIT_WINDOW_MS } = app.config;
  const hit = await hitRateLimit(app.db, `ip:${name}:${request.ip}`, RATE_LIMIT_WINDOW_MS);
  if (hit.count <= RATE_LIMIT_AUTH_MAX) return;
  const error = rateLimitedError(request, { ttl: hit.resetInMs });
  void reply.header('retry-after', error.params?.seconds);
  throw error;
};

/** The soft per-account limit: counts the attempt, then waits the backoff it has earned. */
const slowAccount = async (app: FastifyInstance, name: string, account: string) => {
  const hit = await hitRateLimit(
    app.db,
    `account:${name}:${account}`,
    app.config.RATE_LIMIT_WINDOW_MS,
  );
  const delay = accountDelayMs(hit.count, app.config);
  if (delay > 0) await sleep(delay);
};

/**
 * Route options of an unauthenticated auth endpoint: the per-IP limit (onRequest, before any
 * work) and the per-account slow-down keyed by lower(email) (preHandler, once the body is
 * parsed). Bodies without an e-mail fail validation anyway; the IP limit still applies.
 */
export const authRateLimit = (app: FastifyInstance, name: string): RouteShorthandOptions => {
  const perIp: onRequestAsyncHookHandler = (request, reply) => limitIp(app, name, request, reply);
  const perAccount: preHandlerAsyncHookHandler = async (request) => {
    const email = emailOf(request);
    if (email !== null) await slowAccount(app, name, email);
  };
  return { onRequest: perIp, preHandler: perAccount };
};

const sendsPassword = (request: FastifyRequest) => {
  const body = request.body as { password?: unknown } | null | undefined;
  return typeof body === 'object' && body !== null && body.password !== undefined;
};

/**
 * A preHandler for signed-in password changes (POST /update-password, POST /profile with a
 * password), placed after `authenticate`: the same per-IP limit and per-account slow-down as
 * login, the account being the signed-in user. Requests that change no password are not counted.
 */
export const passwordChangeRateLimit = (
  app: FastifyInstance,
  name: string,
): preHandlerAsyncHookHandler => {
  return async (request, reply) => {
    if (!sendsPassword(request)) return;
    await limitIp(app, name, request, reply);
    await slowAccount(app, name, `user:${sessionOf(request).user.id}`);
  };
};
