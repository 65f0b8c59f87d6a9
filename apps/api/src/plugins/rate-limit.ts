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
import { AppError } from '../lib/app-error.ts';
import { sessionOf } from './auth.ts';
import {
  createPgStore,
  deleteExpiredRateLimits,
  hitRateLimit,
  takeAccountTurn,
} from './rate-limit-store.ts';

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

/**
 * The soft per-account limit: counts the attempt and waits for its turn (decision 182). The turn
 * is taken in the shared table, so attempts on one account are spaced by the backoff they have
 * earned one after another, across addresses and API instances: N concurrent guesses take the
 * sum of their delays, not one delay. Nothing is refused: the owner's right password waits its
 * turn and gets in.
 */
const slowAccount = async (app: FastifyInstance, name: string, account: string) => {
  const { RATE_LIMIT_ACCOUNT_MAX, RATE_LIMIT_ACCOUNT_DELAY_MS, RATE_LIMIT_ACCOUNT_DELAY_MAX_MS } =
    app.config;
  const turn = await takeAccountTurn(
    app.db,
    `account:${name}:${account}`,
    app.config.RATE_LIMIT_WINDOW_MS,
    {
      freeAttempts: RATE_LIMIT_ACCOUNT_MAX,
      delayMs: RATE_LIMIT_ACCOUNT_DELAY_MS,
      maxDelayMs: RATE_LIMIT_ACCOUNT_DELAY_MAX_MS,
    },
  );
  if (turn.waitMs > 0) await sleep(turn.waitMs);
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

/**
 * Route options of an auth endpoint whose account is not an e-mail (the second sign-in step
 * names its account by the challenge token): the same per-IP limit and per-account turn.
 * `accountOf` null (an unreadable challenge) counts per IP only.
 */
export const accountRateLimit = (
  app: FastifyInstance,
  name: string,
  accountOf: (request: FastifyRequest) => string | null,
): RouteShorthandOptions => {
  const perIp: onRequestAsyncHookHandler = (request, reply) => limitIp(app, name, request, reply);
  const perAccount: preHandlerAsyncHookHandler = async (request) => {
    const account = accountOf(request);
    if (account !== null) await slowAccount(app, name, account);
  };
  return { onRequest: perIp, preHandler: perAccount };
};

/**
 * A check of a signed-in user's second factor (a TOTP or recovery code): the per-IP limit and
 * the per-account turn of `name`, the account being the user. Every code check of one user
 * shares one budget, whichever route asks (decision 182).
 */
export const limitCodeCheck = async (
  app: FastifyInstance,
  name: string,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
) => {
  await limitIp(app, name, request, reply);
  await slowAccount(app, name, `user:${userId}`);
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
