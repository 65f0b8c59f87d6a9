import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { Selectable } from 'kysely';
import { openSecret, SECRET_PURPOSES, type Packages } from '@proxy/db';
import { TableMirror } from '../db/table-mirror.ts';
import { normalizeCity, normalizeCountry } from './targeting.ts';

export type PackageFamily = Packages['type'];

/** The columns of a package the gateway works from (see package-source.ts). */
export type PackageRow = Pick<
  Selectable<Packages>,
  | 'id'
  | 'user_id'
  | 'type'
  | 'login'
  | 'password_encrypted'
  | 'legacy_password'
  | 'expires_at'
  | 'traffic_limit_bytes'
  | 'speed_limit'
  | 'ips'
  | 'auth_ip'
  | 'socks'
> & {
  /** The unlimited location's country and city (packages.location_id), if any. */
  location_country: string | null;
  location_city: string | null;
};

/** Where an unlimited package's traffic leaves: its location's exits (country, city or any). */
export type PackageLocation = {
  /** ISO 3166-1 alpha-2, upper case, as exits declare it. */
  readonly country: string;
  /** Lower case, `-` for spaces, as exits declare it; null = the whole country. */
  readonly city: string | null;
  /** `country/city`: its sticky sessions' key part. */
  readonly key: string;
};

/**
 * An active package as the hot path sees it. Entries are immutable: any change replaces the
 * object, so whoever holds one can tell it is still current by identity (`isCurrent`).
 */
export type PackageEntry = {
  readonly id: number;
  readonly userId: number;
  readonly family: PackageFamily;
  readonly login: string;
  /** sha256 of the password: compared in constant time, never the password itself. */
  readonly passwordDigest: Buffer;
  /** The stored form the digest came from: an unchanged row is not decrypted again. */
  readonly storedPassword: string;
  /** Infinity when the package never expires. */
  readonly expiresAtMs: number;
  /** Traffic quota (dynamic and premium packages); null = unmetered. */
  readonly trafficLimitBytes: number | null;
  /** Speed limit of unlimited packages, Mbit/s; null = none. */
  readonly speedLimitMbps: number | null;
  /** ISP packages: the package's own addresses, which outgoing connections bind to. */
  readonly ips: readonly string[];
  /** ISP packages bought with IP authorisation: the client address let in without a password. */
  readonly authIp: string | null;
  /**
   * Whether SOCKS5 may carry the package: an ISP package only when it was bought with the SOCKS5
   * protocol (the buy wizard's protocol step, `socks`); every other family always.
   */
  readonly socksAllowed: boolean;
  /** Unlimited packages: the location sold (unlim_locations); null for other families. */
  readonly location: PackageLocation | null;
};

/** `addresses`: an ISP package's addresses changed (the swap); its old ones may be sold again. */
export type RevokeReason = 'inactive' | 'credentials' | 'expired' | 'addresses';

const sameAddresses = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((ip, index) => ip === b[index]);

/** The addresses an entry holds as an ISP package (other families bind none). */
const ispAddressesOf = (entry: PackageEntry): readonly string[] =>
  entry.family === 'isp' ? entry.ips : [];

/** sha256 of a password: what the caches keep and compare, never the password itself. */
export const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
/** Compared against when the login is unknown, so both paths cost the same. */
const NO_DIGEST = digest('no such package');

/**
 * The entry (a package's, a sub-user's) if the password is its own and it has not expired; the
 * same cost when it is absent.
 */
export const checkPassword = <Entry extends { passwordDigest: Buffer; expiresAtMs: number }>(
  entry: Entry | undefined,
  password: string,
  now: number,
): Entry | null => {
  const isMatch = timingSafeEqual(digest(password), entry ? entry.passwordDigest : NO_DIGEST);
  if (!entry || !isMatch || now >= entry.expiresAtMs) return null;
  return entry;
};

/**
 * The logins and passwords of every active package, in memory: the gateway authenticates every
 * request from here (a sha256 and a constant-time compare, never argon2, never a query).
 * package-source.ts fills it at start and applies each change PostgreSQL announces; whatever
 * a change takes away (a package gone inactive, a new password) is reported to `onRevoke`,
 * which closes the package's open connections.
 */
export class CredentialCache extends TableMirror<PackageRow, PackageEntry> {
  readonly #byLogin = new Map<string, PackageEntry>();
  /** Client address -> packages authorising it without a password (lowest id first). */
  readonly #byAuthIp = new Map<string, PackageEntry[]>();
  /**
   * ISP address -> the ISP packages listing it (one, unless rows disagree), expired or not:
   * where a connection arrived tells which package's line it is (decision 154).
   */
  readonly #ispHolders = new Map<string, Set<number>>();
  /** Set while a change set adds, drops or re-dates an ISP package's addresses. */
  #haveIspAddressesChanged = false;
  readonly #dataKey: Buffer;
  readonly #onRevoke: (packageId: number, reason: RevokeReason) => void;
  readonly #onError: (packageId: number, error: unknown) => void;
  readonly #onIspAddressesChanged: () => void;

  constructor(options: {
    dataKey: Buffer;
    onRevoke: (packageId: number, reason: RevokeReason) => void;
    onError: (packageId: number, error: unknown) => void;
    /**
     * After a full load or a change set that changed which ISP addresses active packages hold
     * (or until when): the gateway listens on exactly those (heldIspAddresses).
     */
    onIspAddressesChanged?: () => void;
  }) {
    super();
    this.#dataKey = options.dataKey;
    this.#onRevoke = options.onRevoke;
    this.#onError = options.onError;
    this.#onIspAddressesChanged = options.onIspAddressesChanged ?? (() => undefined);
  }

  /** Whether any ISP package holds an address: if not, where a connection arrived is moot. */
  get hasIspAddresses(): boolean {
    return this.#ispHolders.size > 0;
  }

  /** Whether an active ISP package (expired or not) lists this address. */
  isIspAddress(address: string): boolean {
    return this.#ispHolders.has(address);
  }

  /** Whether `address` is one of the package's own (an ISP package's addresses). */
  holdsAddress(entry: PackageEntry, address: string): boolean {
    return this.#ispHolders.get(address)?.has(entry.id) ?? false;
  }

  /**
   * The addresses unexpired ISP packages hold at `now`, and the first moment after it at which
   * one of their holders expires (Infinity: none does): the set is worked out again then.
   */
  heldIspAddresses(now: number): { addresses: Set<string>; nextExpiryMs: number } {
    const addresses = new Set<string>();
    let nextExpiryMs = Infinity;
    for (const [address, holders] of this.#ispHolders)
      for (const id of holders) {
        const expiresAtMs = this.entries.get(id)?.expiresAtMs ?? 0;
        if (now >= expiresAtMs) continue;
        addresses.add(address);
        if (expiresAtMs < nextExpiryMs) nextExpiryMs = expiresAtMs;
      }
    return { addresses, nextExpiryMs };
  }

  /** True while `entry` is what the cache holds for its package and the package is valid. */
  isCurrent(entry: PackageEntry, now: number): boolean {
    return this.entries.get(entry.id) === entry && now < entry.expiresAtMs;
  }

  /** The package whose login and password these are, if active and not expired. */
  authenticate(login: string, password: string, now: number): PackageEntry | null {
    return checkPassword(this.#byLogin.get(login), password, now);
  }

  /** The package `id` if `password` is its password (a proxy list's login, decision 130). */
  authenticateId(id: number, password: string, now: number): PackageEntry | null {
    return checkPassword(this.entries.get(id), password, now);
  }

  hasLogin(login: string): boolean {
    return this.#byLogin.has(login);
  }

  /**
   * The package a client address is whitelisted for (IP authorisation), if any. Several packages
   * naming one address: the oldest (lowest id) serves it.
   */
  authenticateAddress(address: string | undefined, now: number): PackageEntry | null {
    if (address === undefined) return null;
    const entries = this.#byAuthIp.get(normalizeAddress(address));
    if (!entries) return null;
    for (const entry of entries) if (now < entry.expiresAtMs) return entry;
    return null;
  }

  /** A package that is no longer active (or that has no password it can check). */
  protected override remove(id: number) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    if (this.#byLogin.get(entry.login) === entry) this.#byLogin.delete(entry.login);
    this.#unindexAuthIp(entry);
    this.#unindexIspAddresses(entry);
    this.#onRevoke(id, 'inactive');
  }

  protected override applied() {
    if (!this.#haveIspAddressesChanged) return;
    this.#haveIspAddressesChanged = false;
    this.#onIspAddressesChanged();
  }

  protected override upsert(row: PackageRow) {
    const previous = this.entries.get(row.id);
    const stored = row.password_encrypted ?? row.legacy_password;
    if (stored === null) {
      this.remove(row.id);
      return;
    }
    let passwordDigest: Buffer;
    if (previous?.storedPassword === stored) passwordDigest = previous.passwordDigest;
    else {
      try {
        passwordDigest = digest(
          row.password_encrypted === null
            ? stored
            : openSecret(this.#dataKey, stored, SECRET_PURPOSES.packagePassword),
        );
      } catch (error) {
        this.#onError(row.id, error);
        this.remove(row.id);
        return;
      }
    }
    const entry: PackageEntry = {
      id: row.id,
      userId: row.user_id,
      family: row.type,
      login: row.login,
      passwordDigest,
      storedPassword: stored,
      expiresAtMs: row.expires_at ? row.expires_at.getTime() : Infinity,
      trafficLimitBytes: row.traffic_limit_bytes,
      speedLimitMbps: row.speed_limit,
      ips: row.ips,
      authIp: row.auth_ip,
      socksAllowed: row.type !== 'isp' || row.socks,
      location: locationOf(row),
    };
    if (
      previous &&
      previous.login !== entry.login &&
      this.#byLogin.get(previous.login) === previous
    )
      this.#byLogin.delete(previous.login);
    if (previous) this.#unindexAuthIp(previous);
    const haveAddressesMoved =
      previous === undefined ||
      previous.expiresAtMs !== entry.expiresAtMs ||
      !sameAddresses(ispAddressesOf(previous), ispAddressesOf(entry));
    if (previous && haveAddressesMoved) this.#unindexIspAddresses(previous);
    this.entries.set(entry.id, entry);
    this.#byLogin.set(entry.login, entry);
    this.#indexAuthIp(entry);
    if (haveAddressesMoved) this.#indexIspAddresses(entry);
    if (
      previous &&
      (previous.login !== entry.login ||
        !previous.passwordDigest.equals(entry.passwordDigest) ||
        previous.authIp !== entry.authIp ||
        previous.socksAllowed !== entry.socksAllowed)
    )
      this.#onRevoke(entry.id, 'credentials');
    // Tunnels bound to addresses the package no longer holds are closed: after a swap the old
    // addresses go back to the pool for other customers (API decision 114).
    else if (previous && !sameAddresses(previous.ips, entry.ips))
      this.#onRevoke(entry.id, 'addresses');
  }

  #indexAuthIp(entry: PackageEntry) {
    if (entry.authIp === null) return;
    const key = normalizeAddress(entry.authIp);
    const entries = (this.#byAuthIp.get(key) ?? []).filter((other) => other.id !== entry.id);
    entries.push(entry);
    entries.sort((a, b) => a.id - b.id);
    this.#byAuthIp.set(key, entries);
  }

  #indexIspAddresses(entry: PackageEntry) {
    for (const address of ispAddressesOf(entry)) {
      const key = canonicalAddress(address);
      let holders = this.#ispHolders.get(key);
      if (!holders) {
        holders = new Set();
        this.#ispHolders.set(key, holders);
      }
      holders.add(entry.id);
      this.#haveIspAddressesChanged = true;
    }
  }

  #unindexIspAddresses(entry: PackageEntry) {
    for (const address of ispAddressesOf(entry)) {
      const key = canonicalAddress(address);
      const holders = this.#ispHolders.get(key);
      if (!holders?.delete(entry.id)) continue;
      if (holders.size === 0) this.#ispHolders.delete(key);
      this.#haveIspAddressesChanged = true;
    }
  }

  #unindexAuthIp(entry: PackageEntry) {
    if (entry.authIp === null) return;
    const key = normalizeAddress(entry.authIp);
    const entries = this.#byAuthIp.get(key)?.filter((other) => other !== entry) ?? [];
    if (entries.length === 0) this.#byAuthIp.delete(key);
    else this.#byAuthIp.set(key, entries);
  }
}

const locationOf = (row: PackageRow): PackageLocation | null => {
  if (row.type !== 'unlim' || row.location_country === null) return null;
  const country = normalizeCountry(row.location_country) ?? row.location_country.toUpperCase();
  const city = row.location_city === null ? null : normalizeCity(row.location_city);
  return { country, city, key: `${country}/${city ?? ''}` };
};

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4. */
export const normalizeAddress = (address: string): string =>
  address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address.trim();

/**
 * An address as a socket reports it (`localAddress`): an IPv6 address written another way in a
 * row (`2001:DB8:0::1`) compares equal to the kernel's `2001:db8::1`.
 */
const canonicalAddress = (address: string): string => {
  const plain = normalizeAddress(address);
  if (net.isIPv6(plain)) return new net.SocketAddress({ address: plain, family: 'ipv6' }).address;
  return plain;
};
