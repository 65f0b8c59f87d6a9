import { lineAnswer, lineOfUsername, type ListCache, type ListEntry } from '../lists/list-cache.ts';
import type { CredentialCache, PackageEntry } from './credential-cache.ts';
import { parseProxyUsername, type Targeting } from './targeting.ts';

/**
 * Who a request is for: the package (its bytes, its limits), where it should exit, and the
 * proxy list it came through (its connections close when the list goes), if any.
 */
export type Authorized = {
  readonly entry: PackageEntry;
  readonly targeting: Targeting;
  readonly list: ListEntry | null;
};

/** What authentication may ask of a client connection (its socket). */
export type ClientAddress = {
  readonly remoteAddress?: string | undefined;
  /** The gateway's address the client connected to (an ISP package's line, decision 154). */
  readonly localAddress?: string | undefined;
  readonly localPort?: number | undefined;
};

/**
 * Who a request is for, from its connection and its Proxy-Authorization header: the shared
 * port's authenticator by default, a whitelisted list's port on list ports (list-ports.ts).
 */
export type RequestAuthentication = (
  connection: ClientAddress,
  header: string | undefined,
  now: number,
) => Authorized | null;

/**
 * A username and password as RFC 1929 or a Basic header carries them: a package's login with
 * its suffixes, or a login list's line (decision 130: the list's login with `_s_{n}`, the
 * package's password, the list's stored targeting and rotation).
 */
export const authenticateCredentials = (
  cache: CredentialCache,
  lists: ListCache,
  username: string,
  password: string,
  now: number,
): Authorized | null => {
  const targeting = parseProxyUsername(username);
  if (!targeting) return null;
  const list = cache.hasLogin(targeting.login) ? undefined : lists.byLogin(targeting.login);
  if (list === undefined) {
    const entry = cache.authenticate(targeting.login, password, now);
    return entry ? { entry, targeting, list: null } : null;
  }
  const line = lineOfUsername(list, username, targeting.session, targeting.country !== null);
  // The password is compared whatever the line, so a wrong line costs what a wrong password does.
  const entry = cache.authenticateId(list.packageId, password, now);
  return entry && line >= 0 ? lineAnswer(list, line, entry) : null;
};

/** Whether an earlier answer still stands: its package (and list) unchanged, unexpired. */
export const isStillAuthorized = (
  cache: CredentialCache,
  lists: ListCache,
  authorized: Authorized,
  now: number,
): boolean =>
  cache.isCurrent(authorized.entry, now) &&
  (authorized.list === null || lists.isCurrent(authorized.list));

/**
 * `Basic` and one base64 token (RFC 7617: the scheme, spaces, token68 and nothing else). The
 * header is matched whole because Buffer's base64 decoding skips what is not base64, so a
 * header with anything after the token would otherwise pass.
 */
const BASIC_CREDENTIALS = /^basic +([A-Za-z0-9+/]+={0,2})$/i;

/** `Basic base64(user:pass)` as the Proxy-Authorization header carries it, or null. */
export const parseBasicAuthorization = (
  header: string | undefined,
): { username: string; password: string } | null => {
  const token = header === undefined ? undefined : BASIC_CREDENTIALS.exec(header.trim())?.[1];
  if (token === undefined) return null;
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
};

/** Headers remembered at most (a full memo starts over): far more than live credentials. */
const MEMO_LIMIT = 10_000;

/** The targeting of a whitelisted client: it sends no login, so no suffixes. */
export const untargeted = (login: string): Targeting => ({
  login,
  country: null,
  city: null,
  session: null,
  sessionTtlMs: 0,
  selector: null,
});

/**
 * Authenticates each request on its own, cheaply: a Proxy-Authorization header that passed
 * before, on this connection or any other (every new tunnel of a client repeats its header),
 * gets the earlier answer while that package entry (and proxy list) is still current (any
 * change to the package or list replaces the entry) and unexpired. An unknown header is checked from scratch (base64, the
 * login's suffixes, sha256 and a constant-time compare). Failures are never remembered.
 */
export class RequestAuthenticator {
  readonly #cache: CredentialCache;
  readonly #lists: ListCache;
  readonly #memo = new Map<string, Authorized>();

  constructor(cache: CredentialCache, lists: ListCache) {
    this.#cache = cache;
    this.#lists = lists;
  }

  /** A username and password (SOCKS5's RFC 1929 sub-negotiation). */
  credentials(username: string, password: string, now: number): Authorized | null {
    return authenticateCredentials(this.#cache, this.#lists, username, password, now);
  }

  /** Whether an earlier answer still stands (see isStillAuthorized). */
  isCurrent(authorized: Authorized, now: number): boolean {
    return isStillAuthorized(this.#cache, this.#lists, authorized, now);
  }

  /**
   * The request's package: by its Proxy-Authorization header, else (no header) by the client's
   * address when a package whitelists it (IP authorisation; untargeted).
   */
  authenticate(
    connection: ClientAddress,
    header: string | undefined,
    now: number,
  ): Authorized | null {
    if (header === undefined) {
      const entry = this.#cache.authenticateAddress(connection.remoteAddress, now);
      return entry ? { entry, targeting: untargeted(entry.login), list: null } : null;
    }
    const known = this.#memo.get(header);
    if (known !== undefined) {
      if (this.isCurrent(known, now)) return known;
      this.#memo.delete(header);
    }
    const credentials = parseBasicAuthorization(header);
    const result = credentials
      ? this.credentials(credentials.username, credentials.password, now)
      : null;
    if (result) {
      if (this.#memo.size >= MEMO_LIMIT) this.#memo.clear();
      this.#memo.set(header, result);
    }
    return result;
  }
}
