import { ACCESS_TOKEN_TTL_DAYS, type Language } from '@proxy/contract';
import type { LoginInput, RegisterInput } from '@proxy/contract';
import type { Config } from '../../config/env.ts';
import type { Db, DbRoot, User } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateApiKey, generateCode, generateToken, sha256Hex } from '../../lib/crypto.ts';
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

export type AuthDeps = { db: DbRoot; config: Config };

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

/** Issues a bearer token; only its sha256 is stored. */
export const issueToken = async (db: Db, userId: number) => {
  const token = generateToken();
  await insertAccessToken(db, userId, sha256Hex(token), ACCESS_TOKEN_TTL_DAYS);
  return token;
};

/**
 * Verification and reset mails go through the pg-boss `mail` queue (retries; the worker
 * mints the link, see account-mail.ts). Enqueuing never throws, so mail never fails the request.
 */
const queueAccountMail = (db: Db, kind: 'verify-email' | 'reset-password', user: User) =>
  enqueueMail(db, { kind, userId: user.id, email: user.email });

export const register = async (deps: AuthDeps, input: RegisterData, language: Language) => {
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
        api_key: generateApiKey(),
        locale: input.locale ?? language,
      });
      await notify(tx, created.id, NOTIFICATION_TYPES.welcome, [
        { label: 'email', value: created.email },
      ]);
      // In the transaction: a registration that rolls back mails nothing.
      await queueAccountMail(tx, 'verify-email', created);
      return { user: created, token: await issueToken(tx, created.id) };
    })
    .catch((error: unknown) => {
      // Two registrations racing past the pre-check: the unique index decides.
      if (isUniqueViolation(error, 'users_email_lower_key')) throw emailTaken();
      throw error;
    });
  return { success: true as const, token, user: toUserDto(user) };
};

export const login = async (deps: AuthDeps, input: Parsed<LoginInput>) => {
  const user = await findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  const token = await issueToken(deps.db, user.id);
  return { success: true as const, token, user: toUserDto(user) };
};

export const logout = (deps: AuthDeps, tokenId: number) => revokeToken(deps.db, tokenId);

/**
 * Same outcome whatever the e-mail: the caller answers one fixed message. An unknown or
 * verified address queues nothing; a known one costs one insert more (no mail server wait).
 */
export const resendVerification = async (deps: AuthDeps, email: string) => {
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.email_verified_at) await queueAccountMail(deps.db, 'verify-email', user);
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
      await notify(tx, user.id, NOTIFICATION_TYPES.emailVerified, [
        { label: 'email', value: user.email },
      ]);
  });
  return true;
};

/** Like resendVerification: one answer for every address; the worker stores the reset token. */
export const forgotPassword = async (deps: AuthDeps, email: string) => {
  const user = await findUserByEmail(deps.db, email);
  if (user) await queueAccountMail(deps.db, 'reset-password', user);
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
    await notify(tx, user.id, NOTIFICATION_TYPES.passwordReset, [
      { label: 'email', value: user.email },
    ]);
  });
};

/** Sets a new password for a signed-in user, signing out their other sessions. */
export const changePassword = async (
  db: DbRoot,
  user: User,
  keepTokenId: number,
  password: string,
): Promise<User> => {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const updated = await updateUser(tx, user.id, { password_hash: passwordHash });
    await revokeUserTokens(tx, user.id, keepTokenId);
    await notify(tx, user.id, NOTIFICATION_TYPES.passwordChanged, [
      { label: 'email', value: user.email },
    ]);
    return updated;
  });
};

export const updatePassword = async (
  deps: AuthDeps,
  session: { user: User; tokenId: number },
  input: { current_password: string; password: string },
) => {
  const ok = await verifyPassword(session.user.password_hash, input.current_password);
  if (!ok)
    throw new AppError('WRONG_CURRENT_PASSWORD', {
      errors: { current_password: ['errors.wrong_current_password'] },
    });
  await changePassword(deps.db, session.user, session.tokenId, input.password);
};
