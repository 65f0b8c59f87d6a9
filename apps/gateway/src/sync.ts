import type { Logger } from 'pino';
import type { DbRoot } from '@proxy/db';
import type { CredentialCache } from './auth/credential-cache.ts';
import { loadActivePackages } from './auth/package-source.ts';
import { startChangeFeed, type ChangeFeed } from './db/change-feed.ts';
import { loadExits } from './exits/exit-source.ts';
import type { ExitTable } from './exits/exit-table.ts';
import type { ListCache } from './lists/list-cache.ts';
import { loadProxyLists } from './lists/list-source.ts';
import type { SubUserCache } from './sub-users/sub-user-cache.ts';
import { loadLiveSubUsers } from './sub-users/sub-user-source.ts';

export const PACKAGES_CHANNEL = 'gateway_packages';
export const EXITS_CHANNEL = 'gateway_exits';
export const LISTS_CHANNEL = 'gateway_proxy_lists';
export const SUB_USERS_CHANNEL = 'gateway_sub_users';

/** The LISTEN connection's name in pg_stat_activity. */
export const listenApplicationName = (instanceId: string) =>
  `gateway-listen ${instanceId}`.slice(0, 63);

/** Notifications arriving within this window are read back in one query. */
const BATCH_WINDOW_MS = 10;

/**
 * Ids a notification named, read back together shortly after (one query per batch): on
 * failure they are kept and read again after `retryMs`.
 */
const createBatch = (options: {
  retryMs: number;
  load: (ids: number[]) => Promise<void>;
  onError: (error: unknown, ids: number[]) => void;
}) => {
  const pending = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  const applyPending = () => {
    timer = null;
    const ids = [...pending];
    pending.clear();
    options.load(ids).catch((error: unknown) => {
      // Not lost: the ids are read again shortly (and a lost connection means a full load).
      options.onError(error, ids);
      for (const id of ids) pending.add(id);
      timer ??= setTimeout(applyPending, options.retryMs);
    });
  };
  return {
    add: (payload: string) => {
      const id = Number(payload);
      if (!Number.isSafeInteger(id)) return;
      pending.add(id);
      timer ??= setTimeout(applyPending, BATCH_WINDOW_MS);
    },
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
};

/**
 * Keeps the credential cache, the proxy lists, the sub-users and the exit table equal to the
 * database: a full load at start (and after LISTEN was lost), then only the packages, lists and
 * sub-users each notification names (the gateway_notify triggers); a package's notification
 * also re-reads its sub-users (whether they are live follows the package's status). Loads run
 * one after another, so an older answer never overwrites a newer one.
 */
export const startConfigSync = async (options: {
  db: DbRoot;
  connectionString: string;
  instanceId: string;
  dataKey: Buffer;
  cache: CredentialCache;
  lists: ListCache;
  subUsers: SubUserCache;
  exits: ExitTable;
  heartbeatMs: number;
  pollIntervalMs: number;
  log: Logger;
}): Promise<ChangeFeed> => {
  const { db, cache, lists, subUsers, exits, log } = options;
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  };

  const packages = createBatch({
    retryMs: options.pollIntervalMs,
    load: (ids) =>
      serial(async () => {
        const [packageRows, subUserRows] = await Promise.all([
          loadActivePackages(db, ids),
          loadLiveSubUsers(db, { packageIds: ids }),
        ]);
        cache.apply(ids, packageRows);
        subUsers.applyPackages(ids, subUserRows);
      }),
    onError: (error, ids) =>
      log.warn({ err: error, packages: ids.length }, 'reading changed packages failed'),
  });
  const changedLists = createBatch({
    retryMs: options.pollIntervalMs,
    load: (ids) => serial(async () => lists.apply(ids, await loadProxyLists(db, ids))),
    onError: (error, ids) =>
      log.warn({ err: error, lists: ids.length }, 'reading changed proxy lists failed'),
  });

  const changedSubUsers = createBatch({
    retryMs: options.pollIntervalMs,
    load: (ids) => serial(async () => subUsers.apply(ids, await loadLiveSubUsers(db, { ids }))),
    onError: (error, ids) =>
      log.warn({ err: error, subUsers: ids.length }, 'reading changed sub-users failed'),
  });

  const reloadExits = () =>
    serial(async () => exits.replace(await loadExits(db, options.dataKey))).catch(
      (error: unknown) => log.error({ err: error }, 'reading exits failed'),
    );

  const feed = await startChangeFeed({
    connectionString: options.connectionString,
    channels: [PACKAGES_CHANNEL, EXITS_CHANNEL, LISTS_CHANNEL, SUB_USERS_CHANNEL],
    applicationName: listenApplicationName(options.instanceId),
    heartbeatMs: options.heartbeatMs,
    pollIntervalMs: options.pollIntervalMs,
    log,
    onNotification: (channel, payload) => {
      if (channel === EXITS_CHANNEL) void reloadExits();
      else if (channel === LISTS_CHANNEL) changedLists.add(payload);
      else if (channel === SUB_USERS_CHANNEL) changedSubUsers.add(payload);
      else packages.add(payload);
    },
    onResync: () =>
      serial(async () => {
        const [packageRows, listRows, subUserRows, exitRows] = await Promise.all([
          loadActivePackages(db),
          loadProxyLists(db),
          loadLiveSubUsers(db),
          loadExits(db, options.dataKey),
        ]);
        cache.replaceAll(packageRows);
        exits.replace(exitRows);
        lists.replaceAll(listRows);
        subUsers.replaceAll(subUserRows);
        log.debug(
          { packages: cache.size, lists: lists.size, subUsers: subUsers.size, exits: exits.size },
          'credentials, proxy lists, sub-users and exits loaded',
        );
      }),
  });
  return {
    get isListening() {
      return feed.isListening;
    },
    stop: async () => {
      await feed.stop();
      packages.stop();
      changedLists.stop();
      changedSubUsers.stop();
      await chain;
    },
  };
};
