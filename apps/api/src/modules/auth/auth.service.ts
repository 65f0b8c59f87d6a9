import { ACCESS_TOKEN_TTL_DAYS, type Language } from '@proxy/contract';
import type { LoginInput, RegisterInput } from '@proxy/contract';
import type { Config } from '../../config/env.ts';
import type { Db, DbRoot, User } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { generateCode, generateToken, sha256Hex } from '../../lib/crypto.ts';
import { hitRateLimit } from '../../plugins/rate-limit-store.ts';
import { apiKeyColumns } from '../users/api-key.ts';
import { enqueueMail } from '../jobs/jobs.queue.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';
import { toUserDto } from '../users/user-dto.ts';
import { hashPassword, verifyPassword } from '../users/password.ts';
import {
  findUserByEmail,
  findUserById,
  findUserIdByRefLink,
  insertUser,
  markEmailVerified,
  updateUser,
} from '../users/users.repository.ts';
import {
  consumeResetToken,
  insertAccessToken,
  invalidateResetTokens,
  revokeToken,
  revokeUserTokens,
} from './auth.repository.ts';
import { isVerificationTokenValid, parseVerificationToken } from './email-verification.ts';
import type { SessionClient } from '../sessions/client.ts';
import {
  assertTwoFactorCode,
  isTwoFactorEnabled,
  issueLoginChallenge,
  userOfChallenge,
  verifySecondFactor,
} from '../two-factor/two-factor.service.ts';

export type AuthDeps = { db: DbRoot; config: Config };

/** A cabinet session: its user and the id of the bearer token it signed in with. */
export type SignedInSession = { user: User; tokenId: number };

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> } extends infer U ? U : never;
type RegisterData = Omit<Parsed<RegisterInput>, 'ref' | 'locale' | 'terms_checkbox'> & {
  ref?: string | null;
  locale?: Language;
};

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === UNIQUE_VIOLATION &&
  (error as { constraint?: unknown }).constraint === constraint;

const emailTaken = () =>
  new AppError('VALIDATION_FAILED', { errors: { email: ['errors.email_taken'] } });

/** Issues a bearer token for the device `client`; only its sha256 is stored. */
export const issueToken = async (db: Db, userId: number, client: SessionClient) => {
  const token = generateToken();
  await insertAccessToken(db, userId, sha256Hex(token), ACCESS_TOKEN_TTL_DAYS, client);
  return token;
};

/**
 * Verification and reset mails go through the pg-boss `mail` queue (retries; the worker
 * mints the link, see account-mail.ts). Enqueuing never throws, so mail never fails the request.
 * `user` null queues a job the worker drops: the request did the same work (docs/decisions/061).
 */
const queueAccountMail = (
  db: Db,
  kind: 'verify-email' | 'reset-password',
  email: string,
  user: User | null,
) => enqueueMail(db, { kind, userId: user?.id ?? null, email });

/**
 * One verification mail per address per window (docs/decisions/061): sign-up mails one, and the
 * SPA's follow-up POST /email/verify (spec 000 section 4) within the window mails nothing more.
 * Counted in the shared rate-limit table for every address, known or not, so it costs the same.
 */
export const VERIFICATION_MAIL_WINDOW_MS = 60_000;
const isFirstVerificationMail = async (db: Db, email: string) =>
  (await hitRateLimit(db, `verify-mail:${email.toLowerCase()}`, VERIFICATION_MAIL_WINDOW_MS))
    .count === 1;

export const register = async (
  deps: AuthDeps,
  input: RegisterData,
  language: Language,
  client: SessionClient,
) => {
  if (await findUserByEmail(deps.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const invitedBy = input.ref ? await findUserIdByRefLink(deps.db, input.ref) : null;

  const { user, token } = await deps.db
    .transaction()
    .execute(async (tx) => {
      const created = await insertUser(tx, {
        name: input.name,
        email: input.email,
        password_hash: passwordHash,
        invited_by: invitedBy,
        // A collision of 10 chars from 56 symbols is ~1e-17 per pair; the unique index is the backstop.
        ref_link: generateCode(10),
        ...apiKeyColumns(deps.config.DATA_ENCRYPTION_KEY),
        locale: input.locale ?? language,
      });
      await notify(tx, created.id, NOTIFICATION_TYPES.welcome, { email: created.email });
      // In the transaction: a registration that rolls back mails nothing. Counted, so the
      // SPA's follow-up request for a verification mail sends no second one.
      await isFirstVerificationMail(tx, created.email);
      await queueAccountMail(tx, 'verify-email', created.email, created);
      return { user: created, token: await issueToken(tx, created.id, client) };
    })
    .catch((error: unknown) => {
      // Two registrations racing past the pre-check: the unique index decides.
      if (isUniqueViolation(error, 'users_email_lower_key')) throw emailTaken();
      throw error;
    });
  return { success: true as const, token, user: toUserDto(user, deps.config.DATA_ENCRYPTION_KEY) };
};

const signedIn = async (deps: AuthDeps, user: User, client: SessionClient) => {
  const token = await issueToken(deps.db, user.id, client);
  return { success: true as const, token, user: toUserDto(user, deps.config.DATA_ENCRYPTION_KEY) };
};

/**
 * The password step. With two-factor sign-in on, a right password gives no session yet but the
 * challenge of the code step (POST /userlogin/two-factor, decision 182).
 */
export const login = async (deps: AuthDeps, input: Parsed<LoginInput>, client: SessionClient) => {
  const user = await findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  if (isTwoFactorEnabled(user))
    return {
      success: true as const,
      two_factor_required: true as const,
      challenge_token: issueLoginChallenge(deps.config, user),
    };
  return signedIn(deps, user, client);
};

/** The code step: a valid challenge and a TOTP or recovery code open the session. */
export const loginWithSecondFactor = async (
  deps: AuthDeps,
  input: { challenge_token: string; code: string },
  client: SessionClient,
) => {
  const user = await userOfChallenge(deps, input.challenge_token);
  await verifySecondFactor(deps, user, input.code, 'code');
  return signedIn(deps, user, client);
};

export const logout = (deps: AuthDeps, tokenId: number) => revokeToken(deps.db, tokenId);

/**
 * Same outcome and the same work whatever the e-mail (docs/decisions/061): one lookup, one
 * counter upsert, one job insert; only the job's content differs, and the worker drops the jobs
 * naming no user (unknown or verified address, or a repeat within the window).
 */
export const resendVerification = async (deps: AuthDeps, email: string) => {
  const user = await findUserByEmail(deps.db, email);
  const isFirst = await isFirstVerificationMail(deps.db, email);
  const recipient = user && !user.email_verified_at && isFirst ? user : null;
  await queueAccountMail(deps.db, 'verify-email', email, recipient);
};

/** True when the link is valid; verifying an already verified address is still "true". */
export const confirmEmail = async (deps: AuthDeps, rawToken: string): Promise<boolean> => {
  const token = parseVerificationToken(rawToken);
  if (!token) return false;
  const user = await findUserById(deps.db, token.userId);
  if (!user || !isVerificationTokenValid(deps.config.APP_SECRET, token, user.email)) return false;
  if (user.email_verified_at) return true;
  await deps.db.transaction().execute(async (tx) => {
    const verified = await markEmailVerified(tx, user.id, user.email);
    if (verified)
      await notify(tx, user.id, NOTIFICATION_TYPES.emailVerified, { email: user.email });
  });
  return true;
};

/**
 * Like resendVerification: one answer and the same work for every address (a job is queued for
 * an unknown one too, and dropped by the worker); the worker stores the reset token.
 */
export const forgotPassword = async (deps: AuthDeps, email: string) => {
  const user = await findUserByEmail(deps.db, email);
  await queueAccountMail(deps.db, 'reset-password', email, user ?? null);
};

export const resetPassword = async (
  deps: AuthDeps,
  input: { email: string; token: string; password: string },
) => {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw new AppError('INVALID_RESET_TOKEN');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (tx) => {
    const consumed = await consumeResetToken(tx, user.id, sha256Hex(input.token));
    if (!consumed) throw new AppError('INVALID_RESET_TOKEN');
    await invalidateResetTokens(tx, user.id);
    await updateUser(tx, user.id, { password_hash: passwordHash });
    // Whoever had the old password (or a stolen session) is signed out everywhere.
    await revokeUserTokens(tx, user.id);
    await notify(tx, user.id, NOTIFICATION_TYPES.passwordReset, { email: user.email });
  });
};

/** Sets a new password for a signed-in user, signing out their other sessions. */
export const changePassword = async (
  db: DbRoot,
  { user, tokenId }: SignedInSession,
  password: string,
): Promise<User> => {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const updated = await updateUser(tx, user.id, { password_hash: passwordHash });
    await revokeUserTokens(tx, user.id, tokenId);
    await notify(tx, user.id, NOTIFICATION_TYPES.passwordChanged, { email: user.email });
    return updated;
  });
};

/**
 * The proof a signed-in password change needs (docs/decisions/060): the current password, when
 * the account has one. An account made by Google sign-in has none; its first password needs only
 * the session. Throws a 422 field error on current_password (missing, or wrong).
 */
export const assertCurrentPassword = async (user: User, currentPassword: string | undefined) => {
  if (user.password_hash === null) return;
  if (currentPassword === undefined || currentPassword === '')
    throw new AppError('VALIDATION_FAILED', {
      errors: { current_password: ['validation.required_field'] },
    });
  if (!(await verifyPassword(user.password_hash, currentPassword)))
    throw new AppError('WRONG_CURRENT_PASSWORD', {
      errors: { current_password: ['errors.wrong_current_password'] },
    });
};

export const updatePassword = async (
  deps: AuthDeps,
  session: SignedInSession,
  input: { current_password: string; password: string; two_factor_code?: string | undefined },
) => {
  await assertCurrentPassword(session.user, input.current_password);
  await assertTwoFactorCode(deps, session.user, input.two_factor_code);
  await changePassword(deps.db, session, input.password);
};
