/** A throw-away database for a benchmark: embedded, or a fresh one on DATABASE_URL's server. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createScratchDatabase } from '@proxy/db';

/** `label` tells apart the databases of one run (the packages bench uses two). */
export const setUpDatabase = async (
  label = '',
): Promise<{ url: string; cleanup: () => Promise<void> }> => {
  // An embedded cluster lives outside the repository and is removed by cleanup().
  const dataDir = mkdtempSync(`${tmpdir()}/proxy-bench-pg-`);
  const scratch = await createScratchDatabase({
    serverUrl: process.env.DATABASE_URL,
    dataDir,
    prefix: `cabinet_bench${label ? `_${label}` : ''}`,
  });
  return {
    url: scratch.url,
    cleanup: async () => {
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
