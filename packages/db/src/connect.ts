import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { usePreparedStatements } from './prepared-statements.ts';

const INT8_OID = 20;

/**
 * bigint columns (ids, cents) come back as JS numbers: every value we store stays far
 * below 2^53, and numbers keep DTO mapping trivial. The parser is per pool, so
 * nothing global is mutated.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : (pg.types.getTypeParser(oid, format) as (
          value: string,
        ) => unknown)) as typeof pg.types.getTypeParser,
};

const ignoreCheckedOutClientError = () => undefined;

export type DatabaseHandle = { db: Kysely<Database>; pool: pg.Pool; close: () => Promise<void> };

/**
 * An idle client can be killed by the server (restart, failover, admin termination). pg
 * emits that on the pool; without a listener Node treats it as unhandled and exits the
 * process. The broken client is already discarded and the next query gets a fresh one,
 * so the error is only reported.
 */
export const createPool = (
  connectionString: string,
  max = 10,
  onIdleError: (error: Error) => void = (error) => {
    process.stderr.write(`postgres: idle client error: ${error.message}\n`);
  },
  applicationName = 'proxy-cabinet-api',
): pg.Pool => {
  const pool = new pg.Pool({ connectionString, max, types, application_name: applicationName });
  pool.on('error', onIdleError);
  // A client checked out of the pool (inside a transaction, between its statements) has no
  // listener of the pool's; the server ending its session then would be an unhandled 'error'
  // that exits the process. The error needs no handling here: the client is no longer
  // queryable, so its next query fails (and is answered as "database unavailable") and the
  // pool discards it on release.
  pool.on('connect', (client) => client.on('error', ignoreCheckedOutClientError));
  return pool;
};

/**
 * The Kysely handle over a new pool. Repeated queries run as named prepared statements
 * (prepared-statements.ts) unless `preparedStatements` is false: behind a pooler that hands
 * each transaction another server session (PgBouncer's transaction mode before 1.21), a
 * statement prepared on one session is unknown on the next.
 */
export const createDatabase = (
  connectionString: string,
  max = 10,
  onIdleError?: (error: Error) => void,
  options: { applicationName?: string; preparedStatements?: boolean } = {},
): DatabaseHandle => {
  const pool = createPool(connectionString, max, onIdleError, options.applicationName);
  if (options.preparedStatements !== false) usePreparedStatements(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Kysely's destroy() ends the pool it was given.
  return { db, pool, close: () => db.destroy() };
};
