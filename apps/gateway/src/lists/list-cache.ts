import { COUNTRY_CONTINENTS, type CountryCode } from '@proxy/contract';
import type { Authorized } from '../auth/authenticate.ts';
import { normalizeAddress, type PackageEntry } from '../auth/credential-cache.ts';
import { normalizeCity, type Targeting } from '../auth/targeting.ts';
import type { ExitSelector } from '../exits/exit-table.ts';
import { TableMirror } from '../db/table-mirror.ts';

/** The columns of a proxy list the gateway works from (see list-source.ts). */
export type ProxyListRow = {
  id: number;
  package_id: number;
  auth_type: number;
  login: string | null;
  /** Addresses only (no prefix length). */
  white_list: string[];
  location_preset: string;
  countries: string[];
  region: string | null;
  city: string | null;
  isp: string | null;
  rotation_period: number;
  ports_count: number;
  port_start: number | null;
};

export const AUTH_TYPE_LOGIN = 0;
export const AUTH_TYPE_WHITELIST = 1;

/**
 * A proxy list as the hot path sees it (decision 130). Immutable like package entries: a change
 * replaces the object, so a remembered answer holding one is current exactly while the cache
 * holds that object. Its lines' targeting and answers are made on first use and kept.
 */
export type ListEntry = {
  readonly id: number;
  readonly packageId: number;
  readonly authType: number;
  /** Auth type 0: the username's login part; null for whitelisted lists. */
  readonly login: string | null;
  /** Auth type 1: the client addresses let in. */
  readonly whiteList: ReadonlySet<string>;
  readonly selector: ExitSelector;
  /** -1 sticky while the exit stays up, 0 no session, else the session's seconds. */
  readonly rotationSeconds: number;
  readonly portsCount: number;
  /** Auth type 1: line i is port portStart + i - 1. */
  readonly portStart: number | null;
  readonly lines: (Targeting | undefined)[];
  readonly answers: (Authorized | undefined)[];
};

export type ListRevokeReason = 'removed' | 'changed';

let continents: Map<string, ReadonlySet<string>> | null = null;

/** The ISO codes of each continent (the presets' names), from the contract's table. */
const continentCountries = (continent: string): ReadonlySet<string> => {
  if (continents === null) {
    continents = new Map();
    for (const [code, name] of Object.entries(COUNTRY_CONTINENTS) as [CountryCode, string][]) {
      const set = (continents.get(name) ?? new Set<string>()) as Set<string>;
      set.add(code);
      continents.set(name, set);
    }
  }
  return continents.get(continent) ?? new Set();
};

const WORLD_MIX = 'world-mix';
const CUSTOM = 'custom';

/**
 * The exits a list's stored location selects: world-mix every exit that declares a country, a
 * continent preset those declared on that continent (so a list follows the exits), custom its
 * countries, narrowed by its region, city and ISP.
 */
export const selectorOf = (row: ProxyListRow): ExitSelector => {
  const region = row.region === null ? null : normalizeCity(row.region);
  const city = row.city === null ? null : normalizeCity(row.city);
  const isp = row.isp === null ? null : row.isp.trim().toLowerCase();
  const countries =
    row.location_preset === WORLD_MIX
      ? null
      : row.location_preset === CUSTOM
        ? new Set(row.countries.map((code) => code.toUpperCase()))
        : continentCountries(row.location_preset);
  const place =
    row.location_preset === CUSTOM
      ? [row.countries.join(','), row.region, row.city, row.isp]
          .filter((part) => part !== null && part !== '')
          .join(', ')
      : row.location_preset;
  return {
    countries,
    region,
    city,
    isp,
    description: `the list's location (${place})`,
    sessionPrefix: `l${row.id}/`,
  };
};

const toEntry = (row: ProxyListRow): ListEntry => ({
  id: row.id,
  packageId: row.package_id,
  authType: row.auth_type,
  login: row.auth_type === AUTH_TYPE_LOGIN ? row.login : null,
  whiteList: new Set(row.white_list.map(normalizeAddress)),
  selector: selectorOf(row),
  rotationSeconds: row.rotation_period,
  portsCount: row.ports_count,
  portStart: row.auth_type === AUTH_TYPE_WHITELIST ? row.port_start : null,
  lines: [],
  answers: [],
});

const sameRow = (a: ListEntry, b: ListEntry) =>
  a.packageId === b.packageId &&
  a.authType === b.authType &&
  a.login === b.login &&
  a.rotationSeconds === b.rotationSeconds &&
  a.portsCount === b.portsCount &&
  a.portStart === b.portStart &&
  a.whiteList.size === b.whiteList.size &&
  [...a.whiteList].every((address) => b.whiteList.has(address)) &&
  a.selector.description === b.selector.description &&
  a.selector.region === b.selector.region &&
  a.selector.city === b.selector.city &&
  a.selector.isp === b.selector.isp;

/**
 * Line `line` (1..portsCount; 0 = the list's one rotating line) of a list: its targeting. The
 * session id names the list and line, so two lines never share an exit choice by accident.
 */
export const lineTargeting = (list: ListEntry, line: number): Targeting => {
  let targeting = list.lines[line];
  if (targeting === undefined) {
    const { selector } = list;
    const single =
      selector.countries !== null && selector.countries.size === 1
        ? ([...selector.countries][0] as string)
        : null;
    const hasSession = list.rotationSeconds !== 0;
    targeting = {
      login: list.login ?? `list${list.id}`,
      // Upstream username templates get the country and city when the list names one.
      country: single,
      city: single === null ? null : selector.city,
      session: hasSession ? `l${list.id}s${line}` : null,
      sessionTtlMs: !hasSession
        ? 0
        : list.rotationSeconds < 0
          ? Infinity
          : list.rotationSeconds * 1000,
      selector,
    };
    list.lines[line] = targeting;
  }
  return targeting;
};

/** The answer for a line of a list, for its package's current entry (kept while it is current). */
export const lineAnswer = (list: ListEntry, line: number, entry: PackageEntry): Authorized => {
  let answer = list.answers[line];
  if (answer === undefined || answer.entry !== entry) {
    answer = { entry, targeting: lineTargeting(list, line), list, subUser: null };
    list.answers[line] = answer;
  }
  return answer;
};

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * Which line of a login list a username is (decision 130), or -1 when it is none: a list with
 * rotation 0 has one line, the bare login (answered 0); any other list has `{login}_s_{n}` with
 * n from 1 to its ports_count. `session` is the username's parsed session; `username` has
 * nothing but the login and that session when its length says so (no allocation).
 */
export const lineOfUsername = (
  list: ListEntry,
  username: string,
  session: string | null,
  hasOtherSuffix: boolean,
): number => {
  if (hasOtherSuffix) return -1;
  if (list.rotationSeconds === 0) return session === null ? 0 : -1;
  if (session === null || username.length !== (list.login?.length ?? 0) + 3 + session.length)
    return -1;
  if (session.length > 4 || session.charCodeAt(0) === 48) return -1;
  let line = 0;
  for (let i = 0; i < session.length; i += 1) {
    const code = session.charCodeAt(i);
    if (!isDigit(code)) return -1;
    line = line * 10 + (code - 48);
  }
  return line >= 1 && line <= list.portsCount ? line : -1;
};

/**
 * Every proxy list, in memory: login lists by login (their logins are aliases of the package's,
 * with the package's password), whitelisted lists by port (list-ports.ts). list-source.ts fills
 * it at start and applies each change PostgreSQL announces; a list removed or changed is
 * reported to `onRevoke` (its open connections close), and `onApplied` follows every batch
 * (the ports are opened and closed to match).
 */
export class ListCache extends TableMirror<ProxyListRow, ListEntry> {
  readonly #byLogin = new Map<string, ListEntry>();
  readonly #onRevoke: (list: ListEntry, reason: ListRevokeReason) => void;
  readonly #onApplied: () => void;

  constructor(options: {
    onRevoke: (list: ListEntry, reason: ListRevokeReason) => void;
    onApplied: () => void;
  }) {
    super();
    this.#onRevoke = options.onRevoke;
    this.#onApplied = options.onApplied;
  }

  byLogin(login: string): ListEntry | undefined {
    return this.#byLogin.get(login);
  }

  isCurrent(list: ListEntry): boolean {
    return this.entries.get(list.id) === list;
  }

  all(): IterableIterator<ListEntry> {
    return this.entries.values();
  }

  /** The ports are opened and closed to match the lists. */
  protected override applied() {
    this.#onApplied();
  }

  protected override remove(id: number) {
    const list = this.entries.get(id);
    if (!list) return;
    this.entries.delete(id);
    if (list.login !== null && this.#byLogin.get(list.login) === list)
      this.#byLogin.delete(list.login);
    this.#onRevoke(list, 'removed');
  }

  protected override upsert(row: ProxyListRow) {
    const previous = this.entries.get(row.id);
    const list = toEntry(row);
    // A full load reads unchanged lists too: they keep their object (and their memos).
    if (previous && sameRow(previous, list)) return;
    if (previous?.login != null && this.#byLogin.get(previous.login) === previous)
      this.#byLogin.delete(previous.login);
    this.entries.set(list.id, list);
    if (list.login !== null) this.#byLogin.set(list.login, list);
    if (previous) this.#onRevoke(previous, 'changed');
  }
}
