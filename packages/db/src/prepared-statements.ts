import type pg from 'pg';

/**
 * Named prepared statements for the queries a process repeats (docs/decisions/086).
 *
 * Kysely hands node-postgres a text and its values; unnamed, PostgreSQL parses and plans that
 * text on every call, which costs more server CPU than running it for the short indexed queries
 * the API makes (the session lookup: ~120 µs of parse and plan for ~50 µs of execution). Named,
 * each connection parses it once and node-postgres then sends only Bind/Execute.
 *
 * Bounded: a text is named the second time it is seen (one-off texts stay unnamed), and at most
 * MAX_NAMED texts per process get a name, so a query shape that varies without end (a bulk
 * insert of n rows) cannot fill the server's memory with statements.
 *
 * After a migration changes a table under a running process, PostgreSQL refuses a statement
 * whose result columns changed ("cached plan must not change result type"): the text then gets
 * a new name, so the next call prepares it again, and a call outside a transaction is retried
 * at once (inside one, the transaction is already aborted: the caller sees the error).
 */
const MAX_NAMED = 400;
/** Longer texts (bulk inserts, migrations) are not worth a statement slot. */
const MAX_TEXT_LENGTH = 4000;
const SEEN_LIMIT = 10_000;
/** SQLSTATE 0A000 with this message: the prepared statement's result type changed. */
const RESULT_TYPE_CHANGED = /cached plan must not change result type/;

type QueryConfig = { name: string; text: string; values: unknown[] };
type Query = (textOrConfig: unknown, values?: unknown, callback?: unknown) => unknown;

export type StatementNames = {
  /** The statement name for `text`, or null to run it unnamed. */
  nameOf: (text: string) => string | null;
  /** Forgets the name of `text` (its statement went stale); the next call gets a new one. */
  rename: (text: string) => void;
  readonly size: number;
};

export const createStatementNames = (maxNamed = MAX_NAMED): StatementNames => {
  const names = new Map<string, string>();
  const seen = new Set<string>();
  let counter = 0;
  let named = 0;
  return {
    nameOf: (text) => {
      const name = names.get(text);
      if (name !== undefined) return name;
      if (text.length > MAX_TEXT_LENGTH || named >= maxNamed) return null;
      if (!seen.has(text)) {
        if (seen.size >= SEEN_LIMIT) seen.clear();
        seen.add(text);
        return null;
      }
      seen.delete(text);
      counter += 1;
      named += 1;
      const fresh = `s${counter}`;
      names.set(text, fresh);
      return fresh;
    },
    rename: (text) => {
      if (names.delete(text)) named -= 1;
      // Straight back to a name on its next call: it is a repeated text.
      seen.add(text);
    },
    get size() {
      return named;
    },
  };
};

const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|end|rollback(?!\s+to\b)|abort)\b/i;

const isStale = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: unknown }).code === '0A000' &&
  RESULT_TYPE_CHANGED.test(error.message);

/**
 * Makes every client of `pool` run repeated parameterised texts as named statements. Only the
 * `query(text, values)` promise form (what Kysely calls) is changed; anything else passes on.
 */
export const usePreparedStatements = (pool: pg.Pool, names = createStatementNames()) => {
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as Query;
    let inTransaction = false;
    const query: Query = (textOrConfig, values, callback) => {
      if (typeof textOrConfig === 'string') {
        // Kysely's begin/commit/rollback come through here (pg-boss's BEGIN; ...; COMMIT;
        // strings open and close theirs in one call).
        if (BEGINS.test(textOrConfig)) inTransaction = !/\bcommit\s*;?\s*$/i.test(textOrConfig);
        else if (ENDS.test(textOrConfig)) inTransaction = false;
      }
      if (
        typeof textOrConfig !== 'string' ||
        !Array.isArray(values) ||
        values.length === 0 ||
        callback !== undefined
      )
        return original(textOrConfig, values, callback);
      const text = textOrConfig;
      const name = names.nameOf(text);
      if (name === null) return original(text, values);
      const run = (statement: string) =>
        original({ name: statement, text, values } satisfies QueryConfig) as Promise<unknown>;
      return run(name).catch((error: unknown) => {
        if (!isStale(error)) throw error;
        names.rename(text);
        if (inTransaction) throw error;
        return original(text, values);
      });
    };
    (client as unknown as { query: Query }).query = query;
  });
  return names;
};
