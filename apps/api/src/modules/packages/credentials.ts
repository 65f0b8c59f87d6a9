import { randomBytes, randomInt } from 'node:crypto';
import { GENERATED_LOGIN_LENGTH } from '@proxy/contract';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const randomAlphanumeric = (length: number): string =>
  Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

/** Credentials every package gets at creation, ready for the proxy gateway. */
export const generatePackageCredentials = () => ({
  package_key: randomBytes(16).toString('hex'),
  login: randomAlphanumeric(GENERATED_LOGIN_LENGTH),
  password: randomAlphanumeric(16),
});
