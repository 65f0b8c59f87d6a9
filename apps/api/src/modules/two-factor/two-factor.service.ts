import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { TWO_FACTOR } from '@proxy/contract';
import {
  openSecret,
  sealSecret,
  SECRET_PURPOSES,
  type Db,
  type DbRoot,
  type User,
} from '@proxy/db';
import type { Config } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmacBase64Url, safeEqual, sha256Hex } from '../../lib/crypto.ts';
import { generateTotpSecret, matchTotpStep, otpauthUri } from '../../lib/totp.ts';
import { verifyPassword } from '../users/password.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  claimTotpStep,
  clearTwoFactor,
  consumeRecoveryCode,
  countUnusedRecoveryCodes,
  markTwoFactorEnabled,
  replaceRecoveryCodes,
  setPendingSecret,
} from './two-factor.repository.ts';

export type TwoFactorDeps = { db: DbRoot; config: Config };

export const isTwoFactorEnabled = (user: Pick<User, 'totp_enabled_at'>) =>
  user.totp_enabled_at !== null;

/** A wrong code, reported on the field the request sent it in. */
const invalidCode = (field: string) =>
  new AppError('TWO_FACTOR_CODE_INVALID', {
    errors: { [field]: ['errors.two_factor_code_invalid'] },
  });

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** 12 symbols of 32 (60 random bits), shown as xxxx-xxxx-xxxx. */
const generateRecoveryCode = () => {
  const symbols = [...randomBytes(12)].map((byte) => RECOVERY_ALPHABET[byte % 32] ?? '');
  return [0, 4, 8].map((start) => symbols.slice(start, start + 4).join('')).join('-');
};

/** What is hashed: the code as typed, without case, spaces or dashes. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const recoveryCodeHash = (userId: number, code: string) =>
  sha256Hex(`${userId}:${normalizeRecoveryCode(code)}`);

const openTotpSecret = (config: Config, user: Pick<User, 'totp_secret_encrypted'>) => {
  if (user.totp_secret_encrypted === null) return null;
  return openSecret(
    config.DATA_ENCRYPTION_KEY,
    user.totp_secret_encrypted,
    SECRET_PURPOSES.totpSecret,
  );
};

/** A TOTP code of the user's stored secret, within the window and of a step not used before. */
const acceptTotp = async (db: Db, config: Config, user: User, code: string) => {
  const secret = openTotpSecret(config, user);
  const step = secret === null ? null : matchTotpStep(secret, code, Date.now());
  if (step === null) return false;
  return (await claimTotpStep(db, user.id, step)) !== undefined;
};

/**
 * The second factor of a user with two-factor sign-in on: 6 digits are a TOTP code, anything
 * else a recovery code (used up by this call). Throws TWO_FACTOR_CODE_INVALID on `field`.
 */
export const verifySecondFactor = async (
  deps: TwoFactorDeps,
  user: User,
  code: string,
  field: string,
) => {
  const trimmed = code.trim();
  const ok = /^\d{6}$/.test(trimmed)
    ? await acceptTotp(deps.db, deps.config, user, trimmed)
    : (await consumeRecoveryCode(deps.db, user.id, recoveryCodeHash(user.id, trimmed))) !==
      undefined;
  if (!ok) throw invalidCode(field);
};

/**
 * The guard of an action that asks for a code once two-factor sign-in is on (password change,
 * API-key regeneration, withdrawal): nothing to check while it is off; missing is a 422 on
 * `two_factor_code` (required), wrong a TWO_FACTOR_CODE_INVALID there.
 */
export const assertTwoFactorCode = async (
  deps: TwoFactorDeps,
  user: User,
  code: string | undefined,
) => {
  if (!isTwoFactorEnabled(user)) return;
  if (code === undefined || code.trim() === '')
    throw new AppError('VALIDATION_FAILED', {
      errors: { two_factor_code: ['validation.required_field'] },
    });
  await verifySecondFactor(deps, user, code, 'two_factor_code');
};

export const getTwoFactorStatus = async (deps: TwoFactorDeps, user: User) => ({
  enabled: isTwoFactorEnabled(user),
  recovery_codes_left: isTwoFactorEnabled(user)
    ? await countUnusedRecoveryCodes(deps.db, user.id)
    : 0,
});

/** The issuer authenticator apps show beside the account: the cabinet's host name. */
const issuerOf = (config: Config) => new URL(config.APP_URL).host;

/** A new secret to confirm (replacing an unconfirmed one); refused while two-factor is on. */
export const setupTwoFactor = async (deps: TwoFactorDeps, user: User) => {
  if (isTwoFactorEnabled(user)) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  const secret = generateTotpSecret();
  const sealed = sealSecret(deps.config.DATA_ENCRYPTION_KEY, secret, SECRET_PURPOSES.totpSecret);
  if (!(await setPendingSecret(deps.db, user.id, sealed)))
    throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  const url = otpauthUri(issuerOf(deps.config), user.email, secret);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauth_url: url, qr_svg: svg };
};

/** Ten new recovery codes in clear (returned once) with only their digests stored. */
const issueRecoveryCodes = async (db: Db, userId: number) => {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodeCount }, generateRecoveryCode);
  await replaceRecoveryCodes(
    db,
    userId,
    codes.map((code) => recoveryCodeHash(userId, code)),
  );
  return codes;
};

/** Confirms the set-up with a current code of its secret: two-factor is on, codes issued. */
export const enableTwoFactor = async (deps: TwoFactorDeps, user: User, code: string) => {
  if (isTwoFactorEnabled(user)) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  if (user.totp_secret_encrypted === null) throw new AppError('TWO_FACTOR_NOT_ENABLED');
  const trimmed = code.trim();
  if (!/^\d{6}$/.test(trimmed) || !(await acceptTotp(deps.db, deps.config, user, trimmed)))
    throw invalidCode('code');
  return deps.db.transaction().execute(async (tx) => {
    if (!(await markTwoFactorEnabled(tx, user.id)))
      throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    return issueRecoveryCodes(tx, user.id);
  });
};

/** Turning it off needs the password (when the account has one) and a code. */
export const disableTwoFactor = async (
  deps: TwoFactorDeps,
  user: User,
  input: { password: string; code: string },
) => {
  if (!isTwoFactorEnabled(user)) throw new AppError('TWO_FACTOR_NOT_ENABLED');
  if (user.password_hash !== null && !(await verifyPassword(user.password_hash, input.password)))
    throw new AppError('WRONG_CURRENT_PASSWORD', {
      errors: { password: ['errors.wrong_current_password'] },
    });
  await verifySecondFactor(deps, user, input.code, 'code');
  await deps.db.transaction().execute(async (tx) => {
    await clearTwoFactor(tx, user.id);
    await replaceRecoveryCodes(tx, user.id, []);
  });
};

export const regenerateRecoveryCodes = async (deps: TwoFactorDeps, user: User, code: string) => {
  if (!isTwoFactorEnabled(user)) throw new AppError('TWO_FACTOR_NOT_ENABLED');
  await verifySecondFactor(deps, user, code, 'code');
  return issueRecoveryCodes(deps.db, user.id);
};

/*
 * The challenge of the second sign-in step: `<userId>.<expiry, unix s>.<HMAC>`, stateless like
 * the verification links (decision 011). The HMAC covers the password hash, so a password change
 * voids challenges issued before it. It proves only the password step; the code step decides.
 */
const challengeMac = (config: Config, userId: number, expiry: number, user: User) =>
  hmacBase64Url(
    config.APP_SECRET,
    `two-factor-login.${userId}.${expiry}.${user.password_hash ?? ''}.${user.google_sub ?? ''}`,
  );

export const issueLoginChallenge = (config: Config, user: User) => {
  const expiry = Math.floor(Date.now() / 1000) + TWO_FACTOR.challengeTtlSeconds;
  return `${user.id}.${expiry}.${challengeMac(config, user.id, expiry, user)}`;
};

/** The user id a challenge names, unverified: the per-account rate-limit key of the code step. */
export const challengeUserId = (challenge: unknown): number | null => {
  if (typeof challenge !== 'string') return null;
  const match = /^(\d{1,15})\.\d{1,15}\.[A-Za-z0-9_-]{43}$/.exec(challenge);
  return match?.[1] ? Number(match[1]) : null;
};

/** The user of a valid, unexpired challenge with two-factor on, else TWO_FACTOR_CHALLENGE_INVALID. */
export const userOfChallenge = async (deps: TwoFactorDeps, challenge: string): Promise<User> => {
  const invalid = () =>
    new AppError('TWO_FACTOR_CHALLENGE_INVALID', {
      errors: { challenge_token: ['errors.two_factor_challenge_invalid'] },
    });
  const [id, expiryText, mac] = challenge.split('.');
  const userId = challengeUserId(challenge);
  const expiry = Number(expiryText);
  if (userId === null || mac === undefined || !(expiry > Date.now() / 1000)) throw invalid();
  const user = await findUserById(deps.db, userId);
  if (!user || String(user.id) !== id || !isTwoFactorEnabled(user)) throw invalid();
  if (!safeEqual(challengeMac(deps.config, userId, expiry, user), mac)) throw invalid();
  return user;
};
