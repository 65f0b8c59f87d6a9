import path from 'node:path';
import type { Config } from '../config/env.ts';
import { startEmbeddedPostgres, type EmbeddedHandle } from './embedded.ts';

export type DatabaseSource = {
  url: string;
  embedded: EmbeddedHandle | null;
};

/**
 * DATABASE_URL when given; otherwise the embedded cluster in DATA_DIR/pg. The CLI sets
 * attachIfRunning so it talks to the server's cluster instead of starting a second one.
 */
export const resolveDatabase = async (
  config: Config,
  options: { attachIfRunning?: boolean; log?: (message: string) => void } = {},
): Promise<DatabaseSource> => {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: null };
  const embedded = await startEmbeddedPostgres({
    dir: path.join(config.DATA_DIR, 'pg'),
    attachIfRunning: options.attachIfRunning ?? false,
    log: options.log,
  });
  return { url: embedded.url, embedded };
};
