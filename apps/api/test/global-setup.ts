import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../src/config/env.ts';
import { createScratchDatabase, migrate } from '@proxy/db';

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
 * or an embedded cluster in data/cabinet_test_<random> on a free port. Migrated once here.
 */
export default async function setup(project: TestProject) {
  const scratch = await createScratchDatabase({
    serverUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.join(REPO_ROOT, 'data'),
    prefix: 'cabinet_test',
  });
  try {
    await migrate(scratch.url);
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  project.provide('databaseUrl', scratch.url);
  project.provide('adminUrl', scratch.adminUrl);
  return scratch.drop;
}
