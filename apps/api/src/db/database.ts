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

export const createPool = (connectionString: string, max = 10): pg.Pool =>
  new pg.Pool({ connectionString, max, types, application_name: 'proxy-cabinet-api' });

export const createDatabase = (connectionString: string, max = 10): DatabaseHandle => {
  const pool = createPool(connectionString, max);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Kysely's destroy() ends the pool it was given.
  return { db, pool, close: () => db.destroy() };
};
