import { lineAnswer, lineOfUsername, type ListCache, type ListEntry } from '../lists/list-cache.ts';
import type { SubUserCache, SubUserEntry } from '../sub-users/sub-user-cache.ts';
import type { CredentialCache, PackageEntry } from './credential-cache.ts';
import { parseProxyUsername, type Targeting } from './targeting.ts';

/**
 * Who a request is for: the package (its bytes, its limits), where it should exit, the proxy
 * list it came through (its connections close when the list goes), if any, and the package's
 * sub-user whose login it was (its own limit and usage; its connections close when it goes),
 * null for the package's own login.
 */
export type Authorized = {
  readonly entry: PackageEntry;
  readonly targeting: Targeting;
  readonly list: ListEntry | null;
  readonly subUser: SubUserEntry | null;
};

/** The logins a username is looked up among, in this order: packages, lists, sub-users. */
export type LoginSources = {
  readonly cache: CredentialCache;
  readonly lists: ListCache;
  readonly subUsers: SubUserCache;
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
 * A sub-user's login and password: the sub-user and its package, both current, the package a
 * traffic package (dynamic or premium, the only ones with sub-users). Its suffixes work as on
 * the package's own login.
 */
const authenticateSubUser = (
  sources: LoginSources,
  targeting: Targeting,
  password: string,
  now: number,
): Authorized | null => {
  const subUser = sources.subUsers.authenticate(targeting.login, password, now);
  if (!subUser) return null;
  const entry = sources.cache.byId(subUser.packageId);
  if (!entry || now >= entry.expiresAtMs) return null;
  if (entry.family !== 'dynamic' && entry.family !== 'vip') return null;
  return { entry, targeting, list: null, subUser };
};

/**
 * A username and password as RFC 1929 or a Basic header carries them: a package's login with
 * its suffixes, a login list's line (decision 130: the list's login with `_s_{n}`, the
 * package's password, the list's stored targeting and rotation), or a sub-user's login with
 * its suffixes.
 */
export const authenticateCredentials = (
  sources: LoginSources,
  username: string,
  password: string,
  now: number,
): Authorized | null => {
  const { cache, lists, subUsers } = sources;
  const targeting = parseProxyUsername(username);
  if (!targeting) return null;
  const isPackageLogin = cache.hasLogin(targeting.login);
  const list = isPackageLogin ? undefined : lists.byLogin(targeting.login);
  if (list === undefined) {
    if (!isPackageLogin && subUsers.hasLogin(targeting.login))
      return authenticateSubUser(sources, targeting, password, now);
    const entry = cache.authenticate(targeting.login, password, now);
    return entry ? { entry, targeting, list: null, subUser: null } : null;
  }
  const line = lineOfUsername(list, username, targeting.session, targeting.country !== null);
  // The password is compared whatever the line, so a wrong line costs what a wrong password does.
  const entry = cache.authenticateId(list.packageId, password, now);
  return entry && line >= 0 ? lineAnswer(list, line, entry) : null;
};

/** Whether an earlier answer still stands: its package (list, sub-user) unchanged, unexpired. */
export const isStillAuthorized = (
  sources: LoginSources,
  authorized: Authorized,
  now: number,
): boolean =>
  sources.cache.isCurrent(authorized.entry, now) &&
  (authorized.list === null || sources.lists.isCurrent(authorized.list)) &&
  (authorized.subUser === null || sources.subUsers.isCurrent(authorized.subUser, now));

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
 * gets the earlier answer while that package entry (and proxy list, sub-user) is still current
 * (any change to the package, list or sub-user replaces the entry) and unexpired. An unknown header is checked from scratch (base64, the
 * login's suffixes, sha256 and a constant-time compare). Failures are never remembered.
 */
export class RequestAuthenticator {
  readonly #sources: LoginSources;
  readonly #memo = new Map<string, Authorized>();

  constructor(sources: LoginSources) {
    this.#sources = sources;
  }

  /** A username and password (SOCKS5's RFC 1929 sub-negotiation). */
  credentials(username: string, password: string, now: number): Authorized | null {
    return authenticateCredentials(this.#sources, username, password, now);
  }

  /** Whether an earlier answer still stands (see isStillAuthorized). */
  isCurrent(authorized: Authorized, now: number): boolean {
    return isStillAuthorized(this.#sources, authorized, now);
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
      const entry = this.#sources.cache.authenticateAddress(connection.remoteAddress, now);
      return entry
        ? { entry, targeting: untargeted(entry.login), list: null, subUser: null }
        : null;
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
