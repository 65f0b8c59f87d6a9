import { sql, type RawBuilder } from 'kysely';
import { isCleanText } from '@proxy/contract';
import type { Db } from '@proxy/db';
import { sha256Hex } from '../lib/crypto.ts';

/** Longer keys are stored as their digest (a btree entry holds at most about 2.7 kB). */
const MAX_PLAIN_KEY_LENGTH = 200;

/**
 * Keys hold what clients send (an address from X-Forwarded-For, an e-mail): a key too long for
 * the index or holding a character PostgreSQL refuses in text is counted under its sha256.
 */
const storedKey = (key: string) =>
  key.length <= MAX_PLAIN_KEY_LENGTH && isCleanText(key) ? key : `sha256:${sha256Hex(key)}`;

export type RateLimitHit = {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from 0. */
  resetInMs: number;
};

/**
 * Counts one hit on `key` in the shared table (migration 0007), as ONE atomic statement: a new
 * or expired row starts a window of `windowMs` with count 1, a live one is incremented. Every
 * instance on the database sees the same counts; concurrent hits on one key serialise on its row.
 */
export const hitRateLimit = async (
  db: Db,
  key: string,
  windowMs: number,
): Promise<RateLimitHit> => {
  const { rows } = await sql<{ hits: number; reset_in_ms: number }>`
    INSERT INTO rate_limits AS r (key, hits, reset_at)
    VALUES (${storedKey(key)}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN excluded.reset_at ELSE r.reset_at END
    RETURNING hits,
      greatest(0, ceil(extract(epoch FROM reset_at - clock_timestamp()) * 1000))::int AS reset_in_ms
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  return { count: row.hits, resetInMs: row.reset_in_ms };
};

/**
 * How the per-account turn of an attempt is computed (docs/decisions/062, 182): the first
 * RATE_LIMIT_ACCOUNT_MAX attempts of a window take no delay, each further one
 * RATE_LIMIT_ACCOUNT_DELAY_MS doubling per attempt, capped at RATE_LIMIT_ACCOUNT_DELAY_MAX_MS.
 */
export type AccountTurnSettings = {
  /** Attempts of a window that take no turn delay. */
  freeAttempts: number;
  /** The delay of the first attempt beyond them; it doubles per attempt. */
  delayMs: number;
  /** No delay between two attempts exceeds this. */
  maxDelayMs: number;
};

export type AccountTurn = RateLimitHit & {
  /** Milliseconds this attempt waits for its turn (0: it starts now). */
  waitMs: number;
};

/**
 * Counts one attempt on an account key and gives it its turn, as ONE atomic statement (decision
 * 182): attempt n of the window is delayed `delay(n)` (none within the allowance, then doubling,
 * capped) after the later of now and the previous attempt's turn (`turn_at`). Concurrent
 * attempts serialise on the row, so they line up one delay apart however many addresses and
 * instances send them, instead of all waiting the same delay side by side. The window lasts at
 * least until the last turn, so the clean-up keeps a queue that is still waiting.
 */
export const takeAccountTurn = async (
  db: Db,
  key: string,
  windowMs: number,
  settings: AccountTurnSettings,
): Promise<AccountTurn> => {
  const now = sql`clock_timestamp()`;
  const isEnded = sql`r.reset_at <= ${now}`;
  const hits = sql`CASE WHEN ${isEnded} THEN 1 ELSE r.hits + 1 END`;
  // 0 within the allowance, then delayMs * 2^(excess-1), capped (2^30 keeps it finite).
  const delayOf = (count: RawBuilder<unknown>) => sql`make_interval(secs => CASE
      WHEN ${count} <= ${settings.freeAttempts} THEN 0
      ELSE least(${settings.maxDelayMs}::float8,
        ${settings.delayMs}::float8 * power(2, least(${count} - ${settings.freeAttempts} - 1, 30)))
        / 1000 END)`;
  const windowEnd = sql`${now} + make_interval(secs => ${windowMs / 1000})`;
  const turn = sql`greatest(${now}, CASE WHEN ${isEnded} THEN NULL ELSE r.turn_at END) + ${delayOf(hits)}`;
  const { rows } = await sql<{ hits: number; reset_in_ms: number; wait_ms: number }>`
    INSERT INTO rate_limits AS r (key, hits, reset_at, turn_at)
    VALUES (${storedKey(key)}, 1, ${windowEnd}, ${now} + ${delayOf(sql`1`)})
    ON CONFLICT (key) DO UPDATE SET
      hits = ${hits},
      turn_at = ${turn},
      reset_at = greatest(CASE WHEN ${isEnded} THEN excluded.reset_at ELSE r.reset_at END, ${turn})
    RETURNING hits,
      greatest(0, ceil(extract(epoch FROM reset_at - clock_timestamp()) * 1000))::int AS reset_in_ms,
      greatest(0, ceil(extract(epoch FROM turn_at - clock_timestamp()) * 1000))::int AS wait_ms
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error('account turn upsert returned no row');
  return { count: row.hits, resetInMs: row.reset_in_ms, waitMs: row.wait_ms };
};

/** Drops the rows whose window has ended (their next hit would restart them anyway). */
export const deleteExpiredRateLimits = async (db: Db) => {
  const result = await db
    .deleteFrom('rate_limits')
    .where('reset_at', '<', sql<Date>`clock_timestamp()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The @fastify/rate-limit store over the shared table. Routes with `config.rateLimit` get a
 * child whose keys are prefixed with the route, as the library's per-route memory stores were.
 */
export const createPgStore = (db: Db) => {
  class PgStore {
    readonly prefix: string;

    /** The plugin constructs the root store with its options; children pass their key prefix. */
    constructor(prefixOrOptions?: unknown) {
      this.prefix = typeof prefixOrOptions === 'string' ? prefixOrOptions : '';
    }

    // The plugin passes the route's window (its typings omit the argument).
    incr(key: string, callback: StoreCallback, timeWindow?: number) {
      if (timeWindow === undefined) {
        callback(new Error('rate limit store called without a time window'));
        return;
      }
      hitRateLimit(db, `${this.prefix}${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.resetInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // The plugin passes the merged limit options, the route under `routeInfo` (untyped there).
    child(routeOptions: object) {
      const { method, url } =
        (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new PgStore(
        typeof url === 'string' ? `${this.prefix}${String(method)} ${url}:` : this.prefix,
      );
    }
  }
  return PgStore;
};
