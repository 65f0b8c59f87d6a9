import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { codeCheckRateLimit } from '../two-factor/two-factor.guard.ts';
import { authenticate } from '../../plugins/auth.ts';
import { passwordChangeRateLimit } from '../../plugins/rate-limit.ts';

/**
 * Guards of the two routes that change a password (POST /update-password and POST /profile): a
 * session, and the counters of login for the current-password guesses, one budget for both
 * (docs/decisions/062). A profile edit without a password is not counted.
 */
export const passwordChangeGuard = (app: FastifyInstance) => ({
  preHandler: [
    authenticate,
    passwordChangeRateLimit(app, 'password-change'),
    codeCheckOfPassword(app),
  ],
});

/** With two-factor sign-in on, a password change also checks a code: its budget counts too. */
const codeCheckOfPassword = (app: FastifyInstance): preHandlerAsyncHookHandler => {
  const limit = codeCheckRateLimit(app, { onlyWhenEnabled: true });
  return async function (request, reply) {
    const body = request.body as { password?: unknown } | null | undefined;
    if (typeof body === 'object' && body !== null && body.password !== undefined)
      await limit.call(this, request, reply);
  };
};
