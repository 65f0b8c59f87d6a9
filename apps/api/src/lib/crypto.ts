import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: the bearer and reset tokens handed to users. */
export const generateToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their sha256, so the database never holds a usable token. */
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export const hmacBase64Url = (secret: string, value: string) =>
  createHmac('sha256', secret).update(value).digest('base64url');

export const safeEqual = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short unambiguous referral code (no 0/O, 1/l/I); rejection sampling keeps it uniform. */
export const generateCode = (length = 10) => {
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 256 - (256 % CODE_ALPHABET.length))
        code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
      if (code.length === length) break;
    }
  }
  return code;
};

export const generateApiKey = () => randomBytes(16).toString('hex');
