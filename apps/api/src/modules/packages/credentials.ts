import { randomBytes } from 'node:crypto';
import { GENERATED_LOGIN_LENGTH } from '@proxy/contract';
import type { PackagesTable } from '@proxy/db';
import { openSecret, sealSecret, SECRET_PURPOSES } from '@proxy/db';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Bytes below this are used (byte % 62): 248 = 4 x 62, so every character is equally likely. */
const UNBIASED_BELOW = 256 - (256 % ALPHANUMERIC.length);

/**
 * `length` uniformly random characters of ALPHANUMERIC from one randomBytes call (rejection
 * sampling): a randomInt per character cost a CSPRNG call each, on every purchase.
 */
export const randomAlphanumeric = (length: number): string => {
  let text = '';
  while (text.length < length)
    for (const byte of randomBytes(length + 8)) {
      if (byte < UNBIASED_BELOW) text += ALPHANUMERIC[byte % ALPHANUMERIC.length];
      if (text.length === length) break;
    }
  return text;
};

/** The stored form of a package password: sealed with DATA_ENCRYPTION_KEY (decision 068). */
export const sealPackagePassword = (dataKey: Buffer, password: string) =>
  sealSecret(dataKey, password, SECRET_PURPOSES.packagePassword);

/**
 * Credentials every package gets at creation, ready for the proxy gateway, which opens the
 * password with the same key (`openSecret(key, password_encrypted, 'packages.password')`).
 */
export const generatePackageCredentials = (dataKey: Buffer) => ({
  package_key: randomBytes(16).toString('hex'),
  login: randomAlphanumeric(GENERATED_LOGIN_LENGTH),
  password_encrypted: sealPackagePassword(dataKey, randomAlphanumeric(16)),
});

/** The password in clear, for the package's owner (its credentials panel). */
export const revealPackagePassword = (
  dataKey: Buffer,
  row: { password_encrypted: PackagesTable['password_encrypted'] },
): string => {
  if (row.password_encrypted === null)
    throw new Error(
      'Package password not encrypted yet: the secrets-at-rest startup step has not run',
    );
  return openSecret(dataKey, row.password_encrypted, SECRET_PURPOSES.packagePassword);
};
