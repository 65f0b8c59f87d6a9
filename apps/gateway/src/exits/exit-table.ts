import { EXIT_POOL_BY_PACKAGE_TYPE, EXIT_POOLS, type ExitPool } from '@proxy/contract';
import type { PackageEntry } from '../auth/credential-cache.ts';
import type { Targeting } from '../auth/targeting.ts';

export type ExitKind = 'direct' | 'http' | 'socks5';

/** One way out, as the hot path uses it (upstream password already decrypted). */
export type Exit = {
  readonly id: number;
  readonly name: string;
  readonly kind: ExitKind;
  readonly country: string | null;
  readonly city: string | null;
  /** Lower case, `-` for spaces, like city; only with a country (proxy lists' custom region). */
  readonly region: string | null;
  /** The ISP the operator declares for the exit (proxy lists' custom ISP). */
  readonly isp: string | null;
  /** direct: the local address to bind; undefined = the system's choice. */
  readonly localAddress: string | undefined;
  readonly upstreamHost: string | null;
  readonly upstreamPort: number | null;
  readonly usernameTemplate: string | null;
  readonly upstreamPassword: string | null;
  /** The pools the exit carries (decision 154); an ISP address's exit carries none. */
  readonly serves: readonly ExitPool[];
  /** Its bandwidth, Mbit/s (what the catalogue sells of an unlimited location). */
  readonly capacityMbps: number;
};

/**
 * A proxy list's stored location (decision 130): the exits that may carry its lines. Lists are
 * few and their selectors live as long as the list is unchanged, so the matching exits are
 * worked out once per selector and exit table, never per connection.
 */
export type ExitSelector = {
  /** Exits declared in one of these countries; null = every exit that declares a country. */
  readonly countries: ReadonlySet<string> | null;
  readonly region: string | null;
  readonly city: string | null;
  readonly isp: string | null;
  /** What the list asks for, in a refusal's message. */
  readonly description: string;
  /** Keeps one list's sticky sessions apart from every other list's and login's. */
  readonly sessionPrefix: string;
};

const matchesSelector = (exit: Exit, selector: ExitSelector) =>
  exit.country !== null &&
  (selector.countries === null || selector.countries.has(exit.country)) &&
  (selector.region === null || exit.region === selector.region) &&
  (selector.city === null || exit.city === selector.city) &&
  (selector.isp === null || exit.isp?.toLowerCase() === selector.isp);

type Sticky = { exit: Exit; until: number };

const STICKY_SWEEP_MS = 30_000;

/**
 * The exits one targeting may use (all that serve it) and, of those, the ones not reported
 * down. `up` is refiltered lazily, on the first pick after a health change (`version`), so a
 * flip costs nothing until a group is used and a pick never allocates.
 */
class Candidates {
  readonly declared: Exit[];
  up: Exit[];
  version = 0;
  /** Round robin position in `up`. */
  turn = 0;

  constructor(declared: Exit[]) {
    this.declared = declared;
    this.up = declared;
  }
}

/** One pool's exits: every one, and those of each country and of each city of a country. */
type PoolIndex = {
  readonly any: Candidates;
  readonly byCountry: Map<string, Candidates>;
  readonly byCity: Map<string, Map<string, Candidates>>;
};

const indexPool = (exits: readonly Exit[], pool: ExitPool): PoolIndex => {
  const serving = exits.filter((exit) => exit.serves.includes(pool));
  const byCountry = new Map<string, Exit[]>();
  const byCity = new Map<string, Map<string, Exit[]>>();
  for (const exit of serving) {
    if (exit.country === null) continue;
    const inCountry = byCountry.get(exit.country) ?? [];
    inCountry.push(exit);
    byCountry.set(exit.country, inCountry);
    if (exit.city === null) continue;
    const cities = byCity.get(exit.country) ?? new Map<string, Exit[]>();
    const inCity = cities.get(exit.city) ?? [];
    inCity.push(exit);
    cities.set(exit.city, inCity);
    byCity.set(exit.country, cities);
  }
  const groups = <K>(map: Map<K, Exit[]>) =>
    new Map([...map].map(([key, list]) => [key, new Candidates(list)]));
  return {
    any: new Candidates(serving),
    byCountry: groups(byCountry),
    byCity: new Map([...byCity].map(([country, cities]) => [country, groups(cities)])),
  };
};

const emptyPools = (): Record<ExitPool, PoolIndex> => ({
  dynamic: indexPool([], 'dynamic'),
  premium: indexPool([], 'premium'),
  unlim: indexPool([], 'unlim'),
});

/** Why a package and targeting got no exit: none serves it, or every one that does is down. */
export type NoExit = 'no_exit' | 'exit_unavailable';

/**
 * The exits and the choice among them. A package leaves only through the exits of its pool
 * (`serves`: dynamic packages and their proxy lists the dynamic pool, premium packages the
 * premium pool, unlimited ones the unlim pool). Targeting decides the candidates within it: a
 * country picks the exits declared in it, a city those in that city of that country, no
 * targeting any exit of the pool; an unlimited package ignores login targeting and always
 * leaves through the exits of its location. No candidate is a refusal, never a silent exit
 * elsewhere. An exit the health checker reports down (`setDown`) is never chosen.
 *
 * Without a session each connection takes the next candidate in turn; a session keeps the exit
 * it got first for its ttl (`_ttl_`, default 10 minutes) while that exit is up, then takes the
 * next one. A failed connect may try another candidate (`pickAnother`) without moving the
 * session. A proxy list's line picks among the exits its stored location selects; its session
 * lasts the list's rotation period, or while its exit stays in the table (rotation -1).
 *
 * ISP packages leave from their own addresses instead (a direct exit per address).
 */
export class ExitTable {
  #all: Exit[] = [];
  #pools = emptyPools();
  #selected = new WeakMap<ExitSelector, Candidates>();
  /** Ids of the exits reported down; `#version` counts the changes. */
  readonly #down = new Set<number>();
  #version = 0;
  readonly #sticky = new Map<string, Sticky>();
  readonly #ispExits = new Map<string, Exit>();
  readonly #ispTurns = new Map<number, number>();
  #lastSweep = 0;

  get size() {
    return this.#all.length;
  }

  /** The active exits (the health checker's list). */
  get exits(): readonly Exit[] {
    return this.#all;
  }

  replace(rows: Exit[]) {
    // Unchanged exits keep their object, so sessions on them stay where they are.
    const previous = new Map(this.#all.map((exit) => [exit.id, exit]));
    const exits = rows.map((row) => {
      const old = previous.get(row.id);
      return old && isSameExit(old, row) ? old : row;
    });
    this.#all = exits;
    this.#pools = {
      dynamic: indexPool(exits, 'dynamic'),
      premium: indexPool(exits, 'premium'),
      unlim: indexPool(exits, 'unlim'),
    };
    this.#selected = new WeakMap();
    // A new or changed exit starts up (nobody checked it yet); the checker reports it anew.
    const current = new Set(exits);
    for (const id of this.#down) {
      const exit = previous.get(id);
      if (exit === undefined || !current.has(exit)) this.#down.delete(id);
    }
    this.#version += 1;
    // A session whose exit is gone or changed takes a new one at its next connection.
    for (const [key, sticky] of this.#sticky)
      if (!current.has(sticky.exit)) this.#sticky.delete(key);
  }

  /** The health checker's verdict on an exit (by id); a down exit is never chosen. */
  setDown(exitId: number, isDown: boolean) {
    if (this.#down.has(exitId) === isDown) return;
    if (isDown) this.#down.add(exitId);
    else this.#down.delete(exitId);
    this.#version += 1;
  }

  isDown(exit: Exit): boolean {
    return this.#down.has(exit.id);
  }

  /**
   * The exit for this package and targeting, or null when none matches (see `whyNone`).
   * `arrivedOn`: the ISP address the connection arrived on, one of the package's own
   * (admission checked it), or null (the gateway's host).
   */
  pick(
    entry: PackageEntry,
    targeting: Targeting,
    now: number,
    arrivedOn: string | null,
  ): Exit | null {
    if (entry.family === 'isp') return this.#pickIsp(entry, targeting, arrivedOn);
    const candidates = this.#candidates(entry, targeting);
    if (candidates === undefined) return null;
    const up = this.#upOf(candidates);
    if (up.length === 0) return null;
    if (targeting.session === null) return this.#next(candidates, up);
    if (now - this.#lastSweep > STICKY_SWEEP_MS) this.#sweep(now);
    const { selector } = targeting;
    const key =
      selector !== null
        ? selector.sessionPrefix + targeting.session
        : entry.location !== null && entry.family === 'unlim'
          ? `${entry.id}/${entry.location.key}/${targeting.session}`
          : // The login keeps a package's sub-users' sessions apart from its own and each other's.
            `${entry.id}/${targeting.login}/${targeting.country ?? ''}/${targeting.city ?? ''}/${targeting.session}`;
    const sticky = this.#sticky.get(key);
    // A session keeps its exit while it is up; a list's moves when its list no longer selects
    // its exit (the list changed).
    if (
      sticky &&
      sticky.until > now &&
      !this.#down.has(sticky.exit.id) &&
      (selector === null || candidates.declared.includes(sticky.exit))
    )
      return sticky.exit;
    const exit = this.#next(candidates, up, sticky?.exit);
    this.#sticky.set(key, { exit, until: now + targeting.sessionTtlMs });
    return exit;
  }

  /**
   * After a connect through `tried` failed: the next exit serving the same package and
   * targeting that was not tried yet, or null. The session
   * keeps its exit: a retry is for this connection only.
   */
  pickAnother(entry: PackageEntry, targeting: Targeting, tried: readonly Exit[]): Exit | null {
    if (entry.family === 'isp') return null;
    const candidates = this.#candidates(entry, targeting);
    if (candidates === undefined) return null;
    const up = this.#upOf(candidates);
    for (let offset = 0; offset < up.length; offset += 1) {
      const index = (candidates.turn + offset) % up.length;
      const exit = up[index] as Exit;
      if (tried.includes(exit)) continue;
      candidates.turn = (index + 1) % up.length;
      return exit;
    }
    return null;
  }

  /** Why `pick` found nothing: no exit serves the package and targeting, or all are down. */
  whyNone(entry: PackageEntry, targeting: Targeting): NoExit {
    if (entry.family === 'isp') return 'no_exit';
    const candidates = this.#candidates(entry, targeting);
    return candidates === undefined || candidates.declared.length === 0
      ? 'no_exit'
      : 'exit_unavailable';
  }

  /** Drops the sticky sessions of a proxy list that is gone (its `sessionPrefix`). */
  forgetSessions(prefix: string) {
    for (const key of this.#sticky.keys()) if (key.startsWith(prefix)) this.#sticky.delete(key);
  }

  /** Every exit serving the package and targeting, or undefined for none (ISP excepted). */
  #candidates(entry: PackageEntry, targeting: Targeting): Candidates | undefined {
    // A proxy list's lines are a dynamic package's.
    if (targeting.selector !== null) return this.#selectedBy(targeting.selector);
    const pool = EXIT_POOL_BY_PACKAGE_TYPE[entry.family];
    if (pool === null) return undefined;
    const index = this.#pools[pool];
    // Unlimited packages leave through their location's exits, whatever the login asks.
    if (pool === 'unlim') {
      const location = entry.location;
      if (location === null) return index.any;
      return location.city === null
        ? index.byCountry.get(location.country)
        : index.byCity.get(location.country)?.get(location.city);
    }
    if (targeting.country === null) return index.any;
    return targeting.city === null
      ? index.byCountry.get(targeting.country)
      : index.byCity.get(targeting.country)?.get(targeting.city);
  }

  /** The candidates not reported down, refiltered once after each health change. */
  #upOf(candidates: Candidates): Exit[] {
    if (candidates.version !== this.#version) {
      candidates.up =
        this.#down.size === 0
          ? candidates.declared
          : candidates.declared.filter((exit) => !this.#down.has(exit.id));
      candidates.version = this.#version;
    }
    return candidates.up;
  }

  #selectedBy(selector: ExitSelector): Candidates {
    let candidates = this.#selected.get(selector);
    if (!candidates) {
      candidates = new Candidates(
        this.#pools.dynamic.any.declared.filter((exit) => matchesSelector(exit, selector)),
      );
      this.#selected.set(selector, candidates);
    }
    return candidates;
  }

  /** Round robin over `up`; `avoid` (a session's previous exit) is skipped if others exist. */
  #next(candidates: Candidates, up: Exit[], avoid?: Exit): Exit {
    const turn = candidates.turn % up.length;
    let exit = up[turn] as Exit;
    let taken = 1;
    if (exit === avoid && up.length > 1) {
      exit = up[(turn + 1) % up.length] as Exit;
      taken = 2;
    }
    candidates.turn = (turn + taken) % up.length;
    return exit;
  }

  /**
   * ISP packages are sold with their addresses: traffic leaves from one of them, never from
   * elsewhere. A connection that arrived on one of them leaves from that one (the line's address
   * is the address the destination sees); one that arrived on the gateway's host takes them in
   * turn, a session always the same one (by a hash of its id). They are bought for one country,
   * so a country or city in the login matches nothing.
   */
  #pickIsp(entry: PackageEntry, targeting: Targeting, arrivedOn: string | null): Exit | null {
    if (entry.ips.length === 0 || targeting.country !== null) return null;
    if (arrivedOn !== null) return this.#ispExit(arrivedOn);
    let index: number;
    if (targeting.session === null) {
      const turn = (this.#ispTurns.get(entry.id) ?? 0) % entry.ips.length;
      this.#ispTurns.set(entry.id, turn + 1);
      index = turn;
    } else index = hashString(targeting.session) % entry.ips.length;
    return this.#ispExit(entry.ips[index] as string);
  }

  /** The direct exit bound to one ISP address (one object per address: pools key on it). */
  #ispExit(address: string): Exit {
    let exit = this.#ispExits.get(address);
    if (!exit) {
      exit = {
        id: 0,
        name: `isp ${address}`,
        kind: 'direct',
        country: null,
        city: null,
        region: null,
        isp: null,
        localAddress: address,
        upstreamHost: null,
        upstreamPort: null,
        usernameTemplate: null,
        upstreamPassword: null,
        serves: NO_POOLS,
        capacityMbps: 0,
      };
      this.#ispExits.set(address, exit);
    }
    return exit;
  }

  #sweep(now: number) {
    this.#lastSweep = now;
    for (const [key, sticky] of this.#sticky) if (sticky.until <= now) this.#sticky.delete(key);
  }
}

const NO_POOLS: readonly ExitPool[] = [];

const isSameExit = (a: Exit, b: Exit) =>
  (Object.keys(a) as (keyof Exit)[]).every((key) =>
    key === 'serves'
      ? EXIT_POOLS.every((pool) => a.serves.includes(pool) === b.serves.includes(pool))
      : a[key] === b[key],
  );

/** FNV-1a: a stable, cheap spread of session ids over a package's addresses. */
const hashString = (value: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};
