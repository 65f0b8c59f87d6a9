import type { CredentialCache, PackageEntry } from './credential-cache.ts';
import { parseProxyUsername, type Targeting } from './targeting.ts';

/** Who a request is for: the package (its bytes, its limits) and where it should exit. */
export type Authorized = { readonly entry: PackageEntry; readonly targeting: Targeting };

/** A username and password as RFC 1929 or a Basic header carries them. */
export const authenticateCredentials = (
  cache: CredentialCache,
  username: string,
  password: string,
  now: number,
): Authorized | null => {
  const targeting = parseProxyUsername(username);
  if (!targeting) return null;
  const entry = cache.authenticate(targeting.login, password, now);
  return entry ? { entry, targeting } : null;
};

/** `Basic base64(user:pass)` as the Proxy-Authorization header carries it, or null. */
export const parseBasicAuthorization = (
  header: string | undefined,
): { username: string; password: string } | null => {
  if (header === undefined || header.length < 7) return null;
  if (header.slice(0, 6).toLowerCase() !== 'basic ') return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
};

type Memo = { header: string; result: Authorized };

/** The targeting of a whitelisted client: it sends no login, so no suffixes. */
export const untargeted = (login: string) => ({
  login,
  country: null,
  city: null,
  session: null,
  sessionTtlMs: 0,
});

/**
 * Authenticates each request of a keep-alive connection on its own, cheaply: a connection that
 * repeats the header of its previous request gets the previous answer while that package entry
 * is still current (any change to the package replaces the entry) and unexpired. Another
 * header on the same socket is checked from scratch. Failures are never remembered.
 */
export class RequestAuthenticator {
  readonly #cache: CredentialCache;
  readonly #memo = new WeakMap<object, Memo>();

  constructor(cache: CredentialCache) {
    this.#cache = cache;
  }

  /**
   * The request's package: by its Proxy-Authorization header, else (no header) by the client's
   * address when a package whitelists it (IP authorisation; untargeted).
   */
  authenticate(
    connection: { remoteAddress?: string | undefined },
    header: string | undefined,
    now: number,
  ): Authorized | null {
    if (header === undefined) {
      const entry = this.#cache.authenticateAddress(connection.remoteAddress, now);
      return entry ? { entry, targeting: untargeted(entry.login) } : null;
    }
    const memo = this.#memo.get(connection);
    if (memo?.header === header && this.#cache.isCurrent(memo.result.entry, now))
      return memo.result;
    const credentials = parseBasicAuthorization(header);
    const result = credentials
      ? authenticateCredentials(this.#cache, credentials.username, credentials.password, now)
      : null;
    if (result) this.#memo.set(connection, { header, result });
    else this.#memo.delete(connection);
    return result;
  }
}
