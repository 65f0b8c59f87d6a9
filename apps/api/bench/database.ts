/** A throw-away database for a benchmark: embedded, or a fresh one on DATABASE_URL's server. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@proxy/db';

const suffix = randomBytes(4).toString('hex');

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

const adminQuery = async (url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

/** `label` tells apart the databases of one run (the packages bench uses two). */
export const setUpDatabase = async (
  label = '',
): Promise<{ url: string; cleanup: () => Promise<void> }> => {
  const external = process.env.DATABASE_URL;
  if (external) {
    const name = `cabinet_bench_${suffix}${label ? `_${label}` : ''}`;
    const admin = withDatabase(external, 'postgres');
    await adminQuery(admin, `CREATE DATABASE ${name}`);
    return {
      url: withDatabase(external, name),
      cleanup: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  // Outside the repository, removed by cleanup().
  const dir = mkdtempSync(path.join(tmpdir(), 'proxy-bench-pg-'));
  const embedded = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), ephemeral: true });
  return {
    url: embedded.url,
    cleanup: async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
