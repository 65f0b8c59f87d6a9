import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/**
 * The test project of a workspace that needs PostgreSQL (db, api, gateway): Node, and one fresh
 * database per run (embedded or a throw-away one on DATABASE_URL) from its test/global-setup.ts.
 * `configUrl` is the project's own vitest.config.ts (`import.meta.url`): its folder is the root.
 */
export const databaseTestProject = (
  name: string,
  configUrl: string,
  include = ['src/**/*.test.ts', 'test/**/*.test.ts'],
) =>
  defineProject({
    test: {
      name,
      root: fileURLToPath(new URL('.', configUrl)),
      environment: 'node',
      include,
      globalSetup: ['./test/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
