import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { sha256Hex } from '../lib/crypto.ts';
import type { User } from '@proxy/db';
import { findSessionByTokenHash } from '../modules/auth/auth.repository.ts';
import { touchSession } from '../modules/sessions/sessions.repository.ts';

/** How stale a session's "last seen" may get before a request moves it forward. */
const LAST_SEEN_MINUTES = 5;

/**
 * Who calls: a cabinet session (bearer token, `tokenId` of the token row) or the public API's
 * key (plugins/api-key.ts), accepted only on the routes the contract marks `access: 'api-key'`.
 */
export type Session =
  { user: User; via: 'token'; tokenId: number } | { user: User; via: 'api-key' };
export type TokenSession = Extract<Session, { via: 'token' }>;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    session: Session | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;

/**
 * preHandler of every signed-in route: bearer token -> session with ONE indexed query
 * (token hash joined to the user). A revoked token fails here from the next request on.
 * last_used_at (the sessions page's "last seen") is written at most once per
 * LAST_SEEN_MINUTES per session; every other request writes nothing.
 */
export const authenticate: preHandlerAsyncHookHandler = async function (request: FastifyRequest) {
  // Already authenticated by X-Api-Key on a public route (plugins/api-key.ts, onRequest).
  if (request.session?.via === 'api-key') return;
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
  const session = await findSessionByTokenHash(request.server.db, sha256Hex(match[1]));
  if (!session) throw new AppError('UNAUTHENTICATED');
  const { tokenLastUsedAt, ...signedIn } = session;
  if (!tokenLastUsedAt || Date.now() - tokenLastUsedAt.getTime() > LAST_SEEN_MINUTES * 60_000)
    await touchSession(request.server.db, session.tokenId, LAST_SEEN_MINUTES);
  request.session = { ...signedIn, via: 'token' };
};

/** For money endpoints (later): the e-mail must be verified. Use after `authenticate`. */
export const requireVerified: preHandlerAsyncHookHandler = async function (
  request: FastifyRequest,
  _reply: FastifyReply,
) {
  await Promise.resolve();
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  if (!request.session.user.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED');
};

/** The session of a route guarded by `authenticate`. */
export const sessionOf = (request: FastifyRequest): Session => {
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  return request.session;
};

/**
 * The session of a route that acts on the session itself (logout, password change): never an
 * API key. The API-key hook already refuses a key on these (they are not public); this keeps
 * the type honest.
 */
export const tokenSessionOf = (request: FastifyRequest): TokenSession => {
  const session = sessionOf(request);
  if (session.via !== 'token') throw new AppError('API_KEY_NOT_ALLOWED');
  return session;
};

export const authPlugin = fp(
  (app, _options, done) => {
    app.decorateRequest('session', null);
    done();
  },
  { name: 'auth' },
);
