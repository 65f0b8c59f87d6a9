import { sql } from 'kysely';
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
