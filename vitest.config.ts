import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      // The repository's own Node scripts (plain ESM, no workspace of their own).
      { test: { name: 'scripts', root: './scripts', include: ['*.test.mjs'] } },
      './apps/web/vitest.config.ts',
      './packages/db/vitest.config.ts',
      './apps/api/vitest.config.ts',
      './apps/gateway/vitest.config.ts',
    ],
  },
});
