import { NICKNAME_MIN_LENGTH, type Language } from '@proxy/contract';
import type { DbRoot, User } from '@proxy/db';
import type { Config } from '../../config/env.ts';
import type { SessionClient } from '../sessions/client.ts';
import { isTwoFactorEnabled, issueLoginChallenge } from '../two-factor/two-factor.service.ts';
import type { GoogleClaims } from '../../integrations/google-oidc/google-oidc.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateCode } from '../../lib/crypto.ts';
import { apiKeyColumns } from '../users/api-key.ts';
import { issueToken } from '../auth/auth.service.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';
import { findUserByEmail, findUserIdByRefLink, insertUser } from '../users/users.repository.ts';
import { findUserByGoogleSub, linkGoogleAccount } from './google.repository.ts';

/** A display name from Google's profile, else the mailbox name, padded to the nickname minimum. */
const displayName = (claims: GoogleClaims, email: string) => {
  const name = (claims.name ?? email.split('@')[0] ?? '').trim().slice(0, 100);
  return name.length >= NICKNAME_MIN_LENGTH ? name : name.padEnd(NICKNAME_MIN_LENGTH, '_');
};

/** What Google sign-in ends in: a session, or the code step when two-factor sign-in is on. */
export type GoogleSignIn = { token: string } | { challenge: string };

/**
 * Google subject -> that user; else an account with the same e-mail, linked only when Google
 * says the address is verified; else a new password-less, verified account (`ref` applied).
 * Returns a bearer token, or for an account with two-factor sign-in the challenge of the code
 * step (Google stands in for the password, not for the second factor). Anything else is a
 * FORBIDDEN failure (the route redirects without token).
 */
export const signInWithGoogle = async (
  db: DbRoot,
  claims: GoogleClaims,
  options: { ref: string | null; language: Language; config: Config; client: SessionClient },
): Promise<GoogleSignIn> => {
  const { client, config } = options;
  const signIn = async (user: User): Promise<GoogleSignIn> =>
    isTwoFactorEnabled(user)
      ? { challenge: issueLoginChallenge(config, user) }
      : { token: await issueToken(db, user.id, client) };
  const known = await findUserByGoogleSub(db, claims.sub);
  if (known) return signIn(known);

  if (!claims.email || !claims.emailVerified) throw new AppError('FORBIDDEN');
  const email = claims.email;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    // An account already linked to another Google subject is not taken over.
    const linked = await linkGoogleAccount(db, existing.id, claims.sub);
    if (!linked) throw new AppError('FORBIDDEN');
    return signIn(linked);
  }

  const invitedBy = options.ref ? await findUserIdByRefLink(db, options.ref) : null;
  return db.transaction().execute(async (tx) => {
    const user = await insertUser(tx, {
      name: displayName(claims, email),
      email,
      password_hash: null,
      google_sub: claims.sub,
      invited_by: invitedBy,
      ref_link: generateCode(10),
      ...apiKeyColumns(config.DATA_ENCRYPTION_KEY),
      locale: options.language,
      email_verified_at: new Date(),
    });
    await notify(tx, user.id, NOTIFICATION_TYPES.welcome, { email: user.email });
    return { token: await issueToken(tx, user.id, client) };
  });
};
