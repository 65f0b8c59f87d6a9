import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/migrate.ts';
import { createScratchDatabase } from '../src/scratch-database.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    databaseUrl: string;
    /** A URL of the maintenance database, to create extra throw-away databases. */
    adminUrl: string;
  }
}

const REPO_DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data');

/** A fresh migrated database per run: on DATABASE_URL's server, or an embedded cluster in data/. */
export default async function setup(project: TestProject) {
  const scratch = await createScratchDatabase({
    serverUrl: process.env.DATABASE_URL || undefined,
    dataDir: REPO_DATA,
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
