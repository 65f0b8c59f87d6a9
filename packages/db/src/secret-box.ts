import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of the secrets the product must show again (API keys, package passwords):
 * AES-256-GCM, a random 96-bit nonce per value, the column's purpose as associated data (a value
 * copied into another column does not decrypt). Self-contained (node:crypto only) and the key is
 * a parameter: the API and the proxy gateway read the same columns with the same key (decision 068).
 *
 * Stored form: `v1.<nonce>.<ciphertext>.<tag>`, each part base64url.
 */
export const DATA_KEY_BYTES = 32;

/** Associated data per column: a sealed value opens only where it was written. */
export const SECRET_PURPOSES = {
  apiKey: 'users.api_key',
  packagePassword: 'packages.password',
  exitUpstreamPassword: 'gateway_exits.upstream_password',
  totpSecret: 'users.totp_secret',
  subUserPassword: 'package_sub_users.password',
} as const;
export type SecretPurpose = (typeof SECRET_PURPOSES)[keyof typeof SECRET_PURPOSES];

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/** DATA_ENCRYPTION_KEY as 64 hex characters or base64/base64url of exactly 32 bytes. */
export const parseDataKey = (text: string): Buffer => {
  const value = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value, 'base64')
      : null;
  if (key?.length !== DATA_KEY_BYTES)
    throw new SecretBoxError(
      `DATA_ENCRYPTION_KEY must be ${DATA_KEY_BYTES} bytes as 64 hex characters or base64`,
    );
  return key;
};

/** sha256 hex: what lookups compare (an index on it finds a key without decrypting anything). */
export const secretDigest = (value: string) => createHash('sha256').update(value).digest('hex');

export const sealSecret = (key: Buffer, plaintext: string, purpose: SecretPurpose): string => {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(purpose));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
};

export const openSecret = (key: Buffer, sealed: string, purpose: SecretPurpose): string => {
  const [version, nonce, ciphertext, tag, extra] = sealed.split('.');
  if (version !== VERSION || !nonce || ciphertext === undefined || !tag || extra !== undefined)
    throw new SecretBoxError(`Not a sealed ${purpose} value`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SecretBoxError(
      `Cannot decrypt ${purpose}: DATA_ENCRYPTION_KEY is not the key it was encrypted with (or the value was altered)`,
    );
  }
};
