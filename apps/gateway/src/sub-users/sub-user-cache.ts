import { openSecret, SECRET_PURPOSES } from '@proxy/db';
import { checkPassword, digest } from '../auth/credential-cache.ts';
import { TableMirror } from '../db/table-mirror.ts';

/** The columns of a sub-user the gateway works from (see sub-user-source.ts). */
export type SubUserRow = {
  id: number;
  package_id: number;
  login: string;
  password_encrypted: string;
  traffic_limit_bytes: number | null;
  expires_at: Date | null;
};

/**
 * A live sub-user of a traffic package as the hot path sees it: a login and password of its own
 * that spends its package's traffic. Immutable like package entries: a change replaces the
 * object, so an earlier answer holding one is current exactly while the cache holds that object.
 */
export type SubUserEntry = {
  readonly id: number;
  readonly packageId: number;
  readonly login: string;
  /** sha256 of the password: compared in constant time, never the password itself. */
  readonly passwordDigest: Buffer;
  /** The stored form the digest came from: an unchanged row is not decrypted again. */
  readonly storedPassword: string;
  /** Infinity when the sub-user never expires. */
  readonly expiresAtMs: number;
  /** Its own lifetime limit inside the package's quota; null: the package's budget bounds it. */
  readonly trafficLimitBytes: number | null;
};

/**
 * `inactive`: gone from the live ones (switched off, deleted, expired, its package inactive) or
 * moved to another package; `credentials`: a new login or password; `budget`: it gained or lost
 * a limit of its own, so its connections spend from another budget than the one they hold.
 */
export type SubUserRevokeReason = 'inactive' | 'credentials' | 'budget';

const isSameRow = (a: SubUserEntry, b: SubUserEntry) =>
  a.packageId === b.packageId &&
  a.login === b.login &&
  a.storedPassword === b.storedPassword &&
  a.expiresAtMs === b.expiresAtMs &&
  a.trafficLimitBytes === b.trafficLimitBytes;

/**
 * The live sub-users of active dynamic and premium packages, in memory, by login (the third
 * login source after packages and proxy lists). sub-user-source.ts fills it at start and
 * applies each change PostgreSQL announces on `gateway_sub_users`, and the sub-users of every
 * package a `gateway_packages` notification names (a package gone inactive takes its sub-users
 * with it, one made active again brings them back). What a change takes away goes to
 * `onRevoke` (its open connections close); a new limit goes to `onLimitChanged` (a budget
 * that ran dry may lease again).
 */
export class SubUserCache extends TableMirror<SubUserRow, SubUserEntry> {
  readonly #byLogin = new Map<string, SubUserEntry>();
  readonly #dataKey: Buffer;
  readonly #onRevoke: (subUser: SubUserEntry, reason: SubUserRevokeReason) => void;
  readonly #onLimitChanged: (subUser: SubUserEntry) => void;
  readonly #onError: (subUserId: number, error: unknown) => void;

  constructor(options: {
    dataKey: Buffer;
    onRevoke: (subUser: SubUserEntry, reason: SubUserRevokeReason) => void;
    onLimitChanged: (subUser: SubUserEntry) => void;
    onError: (subUserId: number, error: unknown) => void;
  }) {
    super();
    this.#dataKey = options.dataKey;
    this.#onRevoke = options.onRevoke;
    this.#onLimitChanged = options.onLimitChanged;
    this.#onError = options.onError;
  }

  hasLogin(login: string): boolean {
    return this.#byLogin.has(login);
  }

  /** The sub-user whose login and password these are, if live and not expired. */
  authenticate(login: string, password: string, now: number): SubUserEntry | null {
    return checkPassword(this.#byLogin.get(login), password, now);
  }

  /** True while `subUser` is what the cache holds for it and it has not expired. */
  isCurrent(subUser: SubUserEntry, now: number): boolean {
    return this.entries.get(subUser.id) === subUser && now < subUser.expiresAtMs;
  }

  /**
   * The rows read for every sub-user of `packageIds` (a package notification): those held for
   * these packages and missing from `rows` are gone.
   */
  applyPackages(packageIds: readonly number[], rows: readonly SubUserRow[]) {
    const packages = new Set(packageIds);
    const expected = rows.map((row) => row.id);
    for (const entry of this.entries.values())
      if (packages.has(entry.packageId)) expected.push(entry.id);
    this.apply(expected, rows);
  }

  protected override remove(id: number) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    if (this.#byLogin.get(entry.login) === entry) this.#byLogin.delete(entry.login);
    this.#onRevoke(entry, 'inactive');
  }

  protected override upsert(row: SubUserRow) {
    const previous = this.entries.get(row.id);
    let passwordDigest: Buffer;
    if (previous?.storedPassword === row.password_encrypted)
      passwordDigest = previous.passwordDigest;
    else {
      try {
        passwordDigest = digest(
          openSecret(this.#dataKey, row.password_encrypted, SECRET_PURPOSES.subUserPassword),
        );
      } catch (error) {
        this.#onError(row.id, error);
        this.remove(row.id);
        return;
      }
    }
    const entry: SubUserEntry = {
      id: row.id,
      packageId: row.package_id,
      login: row.login,
      passwordDigest,
      storedPassword: row.password_encrypted,
      expiresAtMs: row.expires_at ? row.expires_at.getTime() : Infinity,
      trafficLimitBytes: row.traffic_limit_bytes === null ? null : Number(row.traffic_limit_bytes),
    };
    // A full load and a package's reload read unchanged rows too: they keep their object.
    if (previous && isSameRow(previous, entry)) return;
    if (previous && this.#byLogin.get(previous.login) === previous)
      this.#byLogin.delete(previous.login);
    this.entries.set(entry.id, entry);
    this.#byLogin.set(entry.login, entry);
    if (!previous) return;
    if (previous.packageId !== entry.packageId) this.#onRevoke(previous, 'inactive');
    else if (previous.login !== entry.login || !previous.passwordDigest.equals(passwordDigest))
      this.#onRevoke(previous, 'credentials');
    else if ((previous.trafficLimitBytes === null) !== (entry.trafficLimitBytes === null))
      this.#onRevoke(previous, 'budget');
    else if (previous.trafficLimitBytes !== entry.trafficLimitBytes) this.#onLimitChanged(entry);
  }
}
