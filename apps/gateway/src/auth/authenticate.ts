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

/** Headers remembered at most (a full memo starts over): far more than live credentials. */
const MEMO_LIMIT = 10_000;

/** The targeting of a whitelisted client: it sends no login, so no suffixes. */
export const untargeted = (login: string) => ({
  login,
  country: null,
  city: null,
  session: null,
  sessionTtlMs: 0,
});

/**
 * Authenticates each request on its own, cheaply: a Proxy-Authorization header that passed
 * before, on this connection or any other (every new tunnel of a client repeats its header),
 * gets the earlier answer while that package entry is still current (any change to the package
 * replaces the entry) and unexpired. An unknown header is checked from scratch (base64, the
 * login's suffixes, sha256 and a constant-time compare). Failures are never remembered.
 */
export class RequestAuthenticator {
  readonly #cache: CredentialCache;
  readonly #memo = new Map<string, Authorized>();

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
    const known = this.#memo.get(header);
    if (known !== undefined) {
      if (this.#cache.isCurrent(known.entry, now)) return known;
      this.#memo.delete(header);
    }
    const credentials = parseBasicAuthorization(header);
    const result = credentials
      ? authenticateCredentials(this.#cache, credentials.username, credentials.password, now)
      : null;
    if (result) {
      if (this.#memo.size >= MEMO_LIMIT) this.#memo.clear();
      this.#memo.set(header, result);
    }
    return result;
  }
}
