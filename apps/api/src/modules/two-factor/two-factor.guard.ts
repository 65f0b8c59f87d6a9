import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { limitCodeCheck } from '../../plugins/rate-limit.ts';
import { isTwoFactorEnabled } from './two-factor.service.ts';

/** Every check of a user's second factor counts in one budget, whichever route asks. */
export const CODE_CHECK_LIMIT = 'two-factor';

/**
 * After `authenticate` on a route that checks a code: limited per IP and taking the user's
 * per-account turns, like login (decision 182). `onlyWhenEnabled`: a route that asks for a code
 * only once two-factor sign-in is on (password change, API key, withdrawal) counts nothing
 * while it is off.
 */
export const codeCheckRateLimit = (
  app: FastifyInstance,
  options: { onlyWhenEnabled: boolean },
): preHandlerAsyncHookHandler => {
  return async (request, reply) => {
    const { user } = sessionOf(request);
    if (options.onlyWhenEnabled && !isTwoFactorEnabled(user)) return;
    await limitCodeCheck(app, CODE_CHECK_LIMIT, request, reply, user.id);
  };
};

/** A session and the code-check limit: the routes of the two-factor settings. */
export const codeCheckGuard = (app: FastifyInstance) => ({
  preHandler: [authenticate, codeCheckRateLimit(app, { onlyWhenEnabled: false })],
});
