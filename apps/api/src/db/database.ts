import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './types.ts';

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
): pg.Pool => {
  const pool = new pg.Pool({ connectionString, max, types, application_name: 'proxy-cabinet-api' });
  pool.on('error', onIdleError);
  return pool;
};

export const createDatabase = (
  connectionString: string,
  max = 10,
  onIdleError?: (error: Error) => void,
): DatabaseHandle => {
  const pool = createPool(connectionString, max, onIdleError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Kysely's destroy() ends the pool it was given.
  return { db, pool, close: () => db.destroy() };
};
