import type {
  FastifyInstance,
  FastifyRequest,
  RouteShorthandOptions,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../lib/app-error.ts';

const rateLimitedError = (_request: FastifyRequest, context: { ttl: number }) =>
  new AppError('RATE_LIMITED', { params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) } });

/** In-memory limiter store; only routes that ask for a limit get one. */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, { global: false, errorResponseBuilder: rateLimitedError });
  },
  { name: 'rate-limit', dependencies: ['database'] },
);

const emailOf = (request: FastifyRequest): string | null => {
  const body = request.body as { email?: unknown } | null | undefined;
  const email = typeof body === 'object' && body !== null ? body.email : undefined;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null;
};

/**
 * Route options of an unauthenticated auth endpoint: a per-IP limit (onRequest, before
 * any work) and a per-account limit keyed by lower(email) (preHandler, once the body
 * is parsed), so one address cannot be hammered from many IPs nor many from one.
 */
export const authRateLimit = (app: FastifyInstance, name: string): RouteShorthandOptions => {
  const { RATE_LIMIT_AUTH_MAX, RATE_LIMIT_ACCOUNT_MAX, RATE_LIMIT_WINDOW_MS } = app.config;
  // createRateLimit, not rateLimit(): the latter skips a request the IP limiter already saw.
  const checkAccount = app.createRateLimit({
    max: RATE_LIMIT_ACCOUNT_MAX,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    keyGenerator: (request) => `${name}:${emailOf(request) ?? ''}`,
    // Bodies without an e-mail fail validation anyway; the IP limit still applies.
    allowList: (request) => emailOf(request) === null,
  });
  const perAccount: preHandlerAsyncHookHandler = async (request, reply) => {
    const result = await checkAccount(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', result.ttlInSeconds);
    throw rateLimitedError(request, result);
  };
  return {
    config: {
      rateLimit: {
        max: RATE_LIMIT_AUTH_MAX,
        timeWindow: RATE_LIMIT_WINDOW_MS,
        keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}`,
        errorResponseBuilder: rateLimitedError,
      },
    },
    preHandler: perAccount,
  };
};
