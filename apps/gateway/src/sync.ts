import type { Logger } from 'pino';
import type { DbRoot } from '@proxy/db';
import type { CredentialCache } from './auth/credential-cache.ts';
import { loadActivePackages } from './auth/package-source.ts';
import { startChangeFeed, type ChangeFeed } from './db/change-feed.ts';
import { loadExits } from './exits/exit-source.ts';
import type { ExitTable } from './exits/exit-table.ts';

export const PACKAGES_CHANNEL = 'gateway_packages';
export const EXITS_CHANNEL = 'gateway_exits';

/** The LISTEN connection's name in pg_stat_activity. */
export const listenApplicationName = (instanceId: string) =>
  `gateway-listen ${instanceId}`.slice(0, 63);

/** Notifications arriving within this window are read back in one query. */
const BATCH_WINDOW_MS = 10;

/**
 * Keeps the credential cache and the exit table equal to the database: a full load at start
 * (and after LISTEN was lost), then only the packages each notification names (migration 0013's
 * triggers). Loads run one after another, so an older answer never overwrites a newer one.
 */
export const startConfigSync = async (options: {
  db: DbRoot;
  connectionString: string;
  instanceId: string;
  dataKey: Buffer;
  cache: CredentialCache;
  exits: ExitTable;
  heartbeatMs: number;
  pollIntervalMs: number;
  log: Logger;
}): Promise<ChangeFeed> => {
  const { db, cache, exits, log } = options;
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  };

  const pending = new Set<number>();
  let batchTimer: NodeJS.Timeout | null = null;
  const applyPending = () => {
    batchTimer = null;
    const ids = [...pending];
    pending.clear();
    serial(async () => cache.apply(ids, await loadActivePackages(db, ids))).catch(
      (error: unknown) => {
        // Not lost: the ids are read again shortly (and a lost connection means a full load).
        log.warn({ err: error, packages: ids.length }, 'reading changed packages failed');
        for (const id of ids) pending.add(id);
        batchTimer ??= setTimeout(applyPending, options.pollIntervalMs);
      },
    );
  };

  const reloadExits = () =>
    serial(async () => exits.replace(await loadExits(db, options.dataKey))).catch(
      (error: unknown) => log.error({ err: error }, 'reading exits failed'),
    );

  const feed = await startChangeFeed({
    connectionString: options.connectionString,
    channels: [PACKAGES_CHANNEL, EXITS_CHANNEL],
    applicationName: listenApplicationName(options.instanceId),
    heartbeatMs: options.heartbeatMs,
    pollIntervalMs: options.pollIntervalMs,
    log,
    onNotification: (channel, payload) => {
      if (channel === EXITS_CHANNEL) {
        void reloadExits();
        return;
      }
      const id = Number(payload);
      if (!Number.isSafeInteger(id)) return;
      pending.add(id);
      batchTimer ??= setTimeout(applyPending, BATCH_WINDOW_MS);
    },
    onResync: () =>
      serial(async () => {
        const [packages, exitRows] = await Promise.all([
          loadActivePackages(db),
          loadExits(db, options.dataKey),
        ]);
        cache.replaceAll(packages);
        exits.replace(exitRows);
        log.debug({ packages: cache.size, exits: exits.size }, 'credentials and exits loaded');
      }),
  });
  return {
    get isListening() {
      return feed.isListening;
    },
    stop: async () => {
      await feed.stop();
      if (batchTimer) clearTimeout(batchTimer);
      batchTimer = null;
      await chain;
    },
  };
};
