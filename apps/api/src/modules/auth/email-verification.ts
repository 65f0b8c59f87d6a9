import { EMAIL_VERIFICATION_TTL_HOURS } from '@proxy/contract';
import { hmacBase64Url, safeEqual } from '../../lib/crypto.ts';

/**
 * Stateless verification links: `<userId>.<expiresAtSeconds>.<hmac>`, the HMAC over
 * purpose, user id, e-mail and expiry. Changing the e-mail or the secret voids old links.
 */
const payload = (userId: number, email: string, expiresAt: number) =>
  `verify-email:${userId}:${email.toLowerCase()}:${expiresAt}`;

export const createVerificationToken = (
  secret: string,
  userId: number,
  email: string,
  now = Date.now(),
) => {
  const expiresAt = Math.floor(now / 1000) + EMAIL_VERIFICATION_TTL_HOURS * 3600;
  return `${userId}.${expiresAt}.${hmacBase64Url(secret, payload(userId, email, expiresAt))}`;
};

/** The user id the token names, if its format is right (the signature is checked later against the stored e-mail). */
export const parseVerificationToken = (
  token: string,
): { userId: number; expiresAt: number; signature: string } | null => {
  const match = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { userId: Number(match[1]), expiresAt: Number(match[2]), signature: match[3] };
};

export const isVerificationTokenValid = (
  secret: string,
  token: { userId: number; expiresAt: number; signature: string },
  email: string,
  now = Date.now(),
) =>
  token.expiresAt * 1000 > now &&
  safeEqual(token.signature, hmacBase64Url(secret, payload(token.userId, email, token.expiresAt)));
