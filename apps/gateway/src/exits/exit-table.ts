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
 * The exits and the choice among them. Targeting decides the candidates: a country picks the
 * exits declared in it, a city those in that city of that country, no targeting any exit; no
 * candidate is a refusal, never a silent exit elsewhere. Without a session each connection
 * takes the next candidate in turn; a session keeps the exit it got first for its ttl
 * (`_ttl_`, default 10 minutes), then takes the next one. A proxy list's line picks among the
 * exits its stored location selects; its session lasts the list's rotation period, or while
 * its exit stays in the table (rotation -1).
 *
 * ISP packages leave from their own addresses instead (a direct exit per address).
 */
export class ExitTable {
  #all: Exit[] = [];
  #byCountry = new Map<string, Exit[]>();
  #byCity = new Map<string, Exit[]>();
  #turns = new WeakMap<Exit[], number>();
  #selected = new WeakMap<ExitSelector, Exit[]>();
  readonly #sticky = new Map<string, Sticky>();
  readonly #ispExits = new Map<string, Exit>();
  readonly #ispTurns = new Map<number, number>();
  #lastSweep = 0;

  get size() {
    return this.#all.length;
  }

  replace(rows: Exit[]) {
    // Unchanged exits keep their object, so sessions on them stay where they are.
    const previous = new Map(this.#all.map((exit) => [exit.id, exit]));
    const exits = rows.map((row) => {
      const old = previous.get(row.id);
      return old && isSameExit(old, row) ? old : row;
    });
    const byCountry = new Map<string, Exit[]>();
    const byCity = new Map<string, Exit[]>();
    for (const exit of exits) {
      if (exit.country === null) continue;
      const inCountry = byCountry.get(exit.country) ?? [];
      inCountry.push(exit);
      byCountry.set(exit.country, inCountry);
      if (exit.city === null) continue;
      const key = `${exit.country}/${exit.city}`;
      const inCity = byCity.get(key) ?? [];
      inCity.push(exit);
      byCity.set(key, inCity);
    }
    this.#all = exits;
    this.#byCountry = byCountry;
    this.#byCity = byCity;
    this.#turns = new WeakMap();
    this.#selected = new WeakMap();
    // A session whose exit is gone or changed takes a new one at its next connection.
    const current = new Set(exits);
    for (const [key, sticky] of this.#sticky)
      if (!current.has(sticky.exit)) this.#sticky.delete(key);
  }

  /**
   * The exit for this package and targeting, or null when none matches. `arrivedOn`: the ISP
   * address the connection arrived on, one of the package's own (admission checked it), or
   * null (the gateway's host).
   */
  pick(
    entry: PackageEntry,
    targeting: Targeting,
    now: number,
    arrivedOn: string | null,
  ): Exit | null {
    if (entry.family === 'isp') return this.#pickIsp(entry, targeting, arrivedOn);
    const { selector } = targeting;
    const candidates =
      selector !== null
        ? this.#selectedBy(selector)
        : targeting.country === null
          ? this.#all
          : targeting.city === null
            ? this.#byCountry.get(targeting.country)
            : this.#byCity.get(`${targeting.country}/${targeting.city}`);
    if (!candidates || candidates.length === 0) return null;
    if (targeting.session === null) return this.#next(candidates);
    if (now - this.#lastSweep > STICKY_SWEEP_MS) this.#sweep(now);
    const key =
      selector !== null
        ? selector.sessionPrefix + targeting.session
        : `${entry.id}/${targeting.country ?? ''}/${targeting.city ?? ''}/${targeting.session}`;
    const sticky = this.#sticky.get(key);
    // A list's session moves when its list no longer selects its exit (the list changed).
    if (sticky && sticky.until > now && (selector === null || candidates.includes(sticky.exit)))
      return sticky.exit;
    const exit = this.#next(candidates, sticky?.exit);
    this.#sticky.set(key, { exit, until: now + targeting.sessionTtlMs });
    return exit;
  }

  /** Drops the sticky sessions of a proxy list that is gone (its `sessionPrefix`). */
  forgetSessions(prefix: string) {
    for (const key of this.#sticky.keys()) if (key.startsWith(prefix)) this.#sticky.delete(key);
  }

  #selectedBy(selector: ExitSelector): Exit[] {
    let exits = this.#selected.get(selector);
    if (!exits) {
      exits = this.#all.filter((exit) => matchesSelector(exit, selector));
      this.#selected.set(selector, exits);
    }
    return exits;
  }

  /** Round robin over the candidates; `avoid` (a session's previous exit) is skipped if others exist. */
  #next(candidates: Exit[], avoid?: Exit): Exit {
    const turn = this.#turns.get(candidates) ?? 0;
    let exit = candidates[turn % candidates.length] as Exit;
    let taken = 1;
    if (exit === avoid && candidates.length > 1) {
      exit = candidates[(turn + 1) % candidates.length] as Exit;
      taken = 2;
    }
    this.#turns.set(candidates, (turn + taken) % candidates.length);
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

const isSameExit = (a: Exit, b: Exit) =>
  (Object.keys(a) as (keyof Exit)[]).every((key) => a[key] === b[key]);

/** FNV-1a: a stable, cheap spread of session ids over a package's addresses. */
const hashString = (value: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};
