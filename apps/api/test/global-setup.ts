// The db package's setup (a fresh migrated database per run; importing it also brings its
// `inject('databaseUrl')` and `inject('adminUrl')` typing into this project), then what every
// API test file buys from: the catalogue and the demo inventory (decision 154), loaded once.
import type { TestProject } from 'vitest/node';
import { createDatabase } from '@proxy/db';
import setupDatabase from '../../../packages/db/test/global-setup.ts';
import { loadShop } from './shop.ts';

export default async function setup(project: TestProject) {
  const drop = await setupDatabase(project);
  const database = createDatabase(project.getProvidedContext().databaseUrl, 2);
  try {
    await loadShop(database.db);
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
  await database.close();
  return drop;
}
