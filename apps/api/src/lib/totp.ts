import { createHmac, randomBytes } from 'node:crypto';

/** RFC 4648 base32, the alphabet authenticator apps read secrets in. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const base32Encode = (bytes: Buffer): string => {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32[(value << (5 - bits)) & 31];
  return output;
};

/** Reads base32 as apps show it: any case, spaces and padding ignored. Null when invalid. */
export const base32Decode = (text: string): Buffer | null => {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
};

/** The parameters every authenticator app assumes by default (and the otpauth URI states). */
export const TOTP = { algorithm: 'sha1', digits: 6, periodSeconds: 30, window: 1 } as const;

/** 20 random bytes (160 bits, the HMAC-SHA-1 key length RFC 4226 recommends), in base32. */
export const generateTotpSecret = () => base32Encode(randomBytes(20));

/** The time step of a moment (RFC 6238: floor((unix time - T0) / X), T0 = 0). */
export const totpStep = (unixMs: number, periodSeconds: number = TOTP.periodSeconds) =>
  Math.floor(unixMs / 1000 / periodSeconds);

/** HOTP (RFC 4226) of a counter: HMAC, dynamic truncation, `digits` decimal digits. */
export const hotp = (
  key: Buffer,
  counter: number,
  digits: number = TOTP.digits,
  algorithm: 'sha1' | 'sha256' | 'sha512' = TOTP.algorithm,
): string => {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
};

/** The TOTP code of a step (RFC 6238 with the default parameters unless told). */
export const totpAt = (
  key: Buffer,
  step: number,
  digits: number = TOTP.digits,
  algorithm: 'sha1' | 'sha256' | 'sha512' = TOTP.algorithm,
) => hotp(key, step, digits, algorithm);

/**
 * The step whose code `code` is, within ±TOTP.window steps of `nowMs` (clock drift between the
 * phone and the server), or null. Every candidate is computed, so the time spent does not say
 * which step matched.
 */
export const matchTotpStep = (secret: string, code: string, nowMs: number): number | null => {
  const key = base32Decode(secret);
  if (!key || !/^\d{6}$/.test(code)) return null;
  const current = totpStep(nowMs);
  let matched: number | null = null;
  for (let step = current - TOTP.window; step <= current + TOTP.window; step += 1) {
    if (totpAt(key, step) === code && matched === null) matched = step;
  }
  return matched;
};

/** The otpauth URI authenticator apps import (the QR code holds it). */
export const otpauthUri = (issuer: string, account: string, secret: string) => {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP.digits),
    period: String(TOTP.periodSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
};
