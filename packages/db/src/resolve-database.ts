import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedHandle } from './embedded.ts';

/** The part of an app's configuration that says where the database is. */
export type DatabaseLocation = {
  /** A PostgreSQL server to use; unset means the embedded cluster. */
  DATABASE_URL?: string | undefined;
  /** The embedded cluster lives in DATA_DIR/pg. */
  DATA_DIR: string;
};

export type DatabaseSource = {
  url: string;
  embedded: EmbeddedHandle | null;
};

/**
 * DATABASE_URL when given; otherwise the embedded cluster in DATA_DIR/pg. The CLI sets
 * attachIfRunning so it talks to the server's cluster instead of starting a second one.
 */
export const resolveDatabase = async (
  config: DatabaseLocation,
  options: { attachIfRunning?: boolean; log?: (message: string) => void } = {},
): Promise<DatabaseSource> => {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: null };
  const embedded = await startEmbeddedPostgres({
    dir: path.join(config.DATA_DIR, 'pg'),
    attachIfRunning: options.attachIfRunning ?? false,
    // The process that started the cluster owns it: after a crash it starts it again.
    restartAfterCrash: true,
    log: options.log,
  });
  return { url: embedded.url, embedded };
};
