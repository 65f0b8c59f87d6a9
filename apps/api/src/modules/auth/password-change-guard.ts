import type { FastifyInstance } from 'fastify';
import { authenticate } from '../../plugins/auth.ts';
import { passwordChangeRateLimit } from '../../plugins/rate-limit.ts';

/**
 * Guards of the two routes that change a password (POST /update-password and POST /profile): a
 * session, and the counters of login for the current-password guesses, one budget for both
 * (docs/decisions/062). A profile edit without a password is not counted.
 */
export const passwordChangeGuard = (app: FastifyInstance) => ({
  preHandler: [authenticate, passwordChangeRateLimit(app, 'password-change')],
});
