import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { User } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { secretDigest } from '@proxy/db';
import type { RouteExtras } from '../../lib/contract-route.ts';
import { authenticate, requireVerified, sessionOf } from '../../plugins/auth.ts';

/**
 * The spec's two special API keys that mark the restricted kind of user, as the digests the
 * users table stores (decision 068). They live only on the server (decision 067): the SPA reads
 * the profile's `is_restricted` flag instead.
 */
const RESTRICTED_API_KEY_DIGESTS: ReadonlySet<string> = new Set(
  ['restricted-key-1', 'restricted-key-2'].map(secretDigest),
);

/** Restricted: flagged by an operator (`users:restrict`) or holding a special API key. */
export const isRestrictedUser = (user: Pick<User, 'is_restricted' | 'api_key_digest'>): boolean =>
  user.is_restricted || RESTRICTED_API_KEY_DIGESTS.has(user.api_key_digest);

/**
 * preHandler of the buy, top-up, finance and alerts routes, after `authenticate`: the
 * restricted user gets 403 in the error shape, whatever the browser shows or hides.
 */
export const requireUnrestricted: preHandlerAsyncHookHandler = async function (
  request: FastifyRequest,
) {
  await Promise.resolve();
  if (isRestrictedUser(sessionOf(request).user)) throw new AppError('FORBIDDEN');
};

/** Guards of the finance and alerts pages: a session of a user who is not restricted. */
export const unrestrictedUserGuard = {
  preHandler: [authenticate, requireUnrestricted],
} satisfies RouteExtras;

/** Guards of the routes that move money: an unrestricted user whose e-mail is verified. */
export const moneyMovementGuard = {
  preHandler: [authenticate, requireVerified, requireUnrestricted],
} satisfies RouteExtras;
