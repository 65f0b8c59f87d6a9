import { once } from 'node:events';
import type net from 'node:net';
import type { Logger } from 'pino';
import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';
import { RequestAuthenticator } from './auth/authenticate.ts';
import { CredentialCache } from './auth/credential-cache.ts';
import type { GatewayConfig } from './config/env.ts';
import { createDestinationLookup } from './exits/destination-guard.ts';
import { startExitHealth, type ExitHealth } from './exits/exit-health.ts';
import { ExitTable } from './exits/exit-table.ts';
import { createHttpProxyServer } from './http/http-proxy.ts';
import { ConnectionRegistry } from './limits/connection-registry.ts';
import { IspListeners } from './listeners/isp-listeners.ts';
import { ListCache } from './lists/list-cache.ts';
import { ListPorts } from './lists/list-ports.ts';
import {
  createLeaseStore,
  createSubUserLeaseStore,
  PackageLimits,
} from './limits/package-limits.ts';
import { startInstanceHeartbeat } from './metering/instance-heartbeat.ts';
import { startUsageFlusher } from './metering/usage-flusher.ts';
import { UsageJournal } from './metering/usage-journal.ts';
import { UsageMeter } from './metering/usage-meter.ts';
import { OriginPool } from './pipeline/forward.ts';
import type { ProxyContext } from './proxy-context.ts';
import { createSocksServer } from './socks/socks-server.ts';
import { SubUserCache } from './sub-users/sub-user-cache.ts';
import { startConfigSync } from './sync.ts';

/** How often open connections of expired packages are looked for (the 2 s promise). */
const EXPIRY_SWEEP_MS = 500;
/** After a budget ran dry but the package could not be marked empty (limit raised): retry. */
const REVIVE_DELAY_MS = 1_000;

export type Gateway = {
  httpPort: number;
  socksPort: number;
  cache: CredentialCache;
  lists: ListCache;
  subUsers: SubUserCache;
  /** Open connections per sub-user. */
  subUserConnections: ConnectionRegistry;
  /** The ports of whitelisted proxy lists. */
  listPorts: ListPorts;
  /** The listeners on ISP packages' addresses (none with a wildcard GATEWAY_HOST). */
  ispListeners: IspListeners;
  exits: ExitTable;
  registry: ConnectionRegistry;
  meter: UsageMeter;
  /** Client sockets currently open on every port (leak checks). */
  openSockets: () => number;
  /** Writes the counted bytes now (tests; the graceful stop does it too). */
  flushUsage: () => Promise<void>;
  /** Writes this instance's heartbeat (CPU, RAM, package speeds) now (tests). */
  beat: () => Promise<void>;
  /** Checks every exit now and writes the results (tests; the timer does it every interval). */
  checkExits: () => Promise<void>;
  /** This instance's exit checks (state per exit). */
  exitHealth: ExitHealth;
  /** Stops listening, closes every connection, writes the last usage, lets go of PostgreSQL. */
  stop: () => Promise<void>;
};

const listen = async (server: net.Server, port: number, host: string): Promise<number> => {
  server.listen(port, host);
  await Promise.race([
    once(server, 'listening'),
    once(server, 'error').then(([error]) => {
      throw error as Error;
    }),
  ]);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no listening address');
  return address.port;
};

/**
 * The gateway inside a process: credentials and exits loaded and kept current, the HTTP proxy
 * and SOCKS5 servers listening, usage flushed. server.ts adds the process concerns (signals,
 * the database pool); tests start several of these on one database.
 */
export const startGateway = async (options: {
  config: GatewayConfig;
  db: DbRoot;
  databaseUrl: string;
  log: Logger;
}): Promise<Gateway> => {
  const { config, db, log } = options;
  const registry = new ConnectionRegistry();
  const subUserConnections = new ConnectionRegistry();
  const limits: PackageLimits = new PackageLimits({
    store: createLeaseStore(db),
    subUserStore: createSubUserLeaseStore(db),
    connectionCaps: config.GATEWAY_CONNECTION_LIMITS,
    onExhausted: (packageId) => {
      const closed = registry.cut(packageId);
      log.info({ packageId, closed }, 'traffic quota used up');
      sql<{ changed: boolean }>`SELECT gateway_mark_traffic_empty(${packageId}) AS changed`
        .execute(db)
        .then(
          (result) => {
            // Not marked: the limit was raised meanwhile, or the package is no longer active
            // (then the cache drops it and nothing is leased).
            if (result.rows[0]?.changed !== true)
              setTimeout(() => {
                if (cache.byId(packageId)) limits.revive(packageId);
              }, REVIVE_DELAY_MS).unref();
          },
          (error: unknown) =>
            log.error({ err: error, packageId }, 'marking a package empty failed'),
        );
    },
    onUnavailable: (packageId) => {
      const closed = registry.cut(packageId);
      log.warn(
        { packageId, closed },
        'traffic lease impossible (database away): connections closed, new ones refused',
      );
    },
    onSubUserExhausted: (subUserId) => {
      const closed = subUserConnections.cut(subUserId);
      log.info({ subUserId, closed }, "a sub-user's traffic ran out");
      // Which limit ran out: the sub-user's own (it waits for a new limit, which is announced),
      // or its package's quota (the package is marked empty, as when its own login spent it).
      sql<{ spent: boolean; packageEmpty: boolean }>`
        SELECT s.traffic_limit_bytes IS NOT NULL AND s.granted_bytes >= s.traffic_limit_bytes
                 AS spent,
               gateway_mark_traffic_empty(s.package_id) AS "packageEmpty"
        FROM package_sub_users s WHERE s.id = ${subUserId}`
        .execute(db)
        .then(
          (result) => {
            const row = result.rows[0];
            // Neither: the package's limit was raised meanwhile, or the sub-user is no longer
            // live (switched off or deleted: the cache drops it; expired: it stays refused).
            if (row !== undefined && !row.spent && !row.packageEmpty)
              setTimeout(() => {
                const subUser = subUsers.byId(subUserId);
                if (subUser && Date.now() < subUser.expiresAtMs) limits.reviveSubUser(subUserId);
              }, REVIVE_DELAY_MS).unref();
          },
          (error: unknown) =>
            log.error({ err: error, subUserId }, "checking a sub-user's spent traffic failed"),
        );
    },
    onSubUserUnavailable: (subUserId) => {
      const closed = subUserConnections.cut(subUserId);
      log.warn(
        { subUserId, closed },
        'traffic lease impossible (database away): connections of a sub-user closed',
      );
    },
    onError: (error) => log.warn({ err: error }, 'traffic lease failed'),
  });
  // Set once the shared ports listen (the ISP addresses' listeners share their ports); the
  // first load comes before, and the addresses are listened on right after.
  let ispListeners: IspListeners | null = null;
  const syncIspListeners = () => {
    ispListeners
      ?.sync(Date.now())
      .catch((error: unknown) =>
        log.error({ err: error }, "opening ISP addresses' listeners failed"),
      );
  };
  const cache: CredentialCache = new CredentialCache({
    dataKey: config.DATA_ENCRYPTION_KEY,
    onRevoke: (packageId, reason) => {
      if (reason === 'inactive') limits.forget(packageId);
      // Sub-users log in with passwords of their own: the package's new one leaves them be.
      const closed =
        reason === 'credentials'
          ? registry.cut(packageId, (connection) => subUserConnections.includes(connection))
          : registry.cut(packageId);
      if (closed > 0) log.info({ packageId, reason, closed }, 'connections of a package closed');
    },
    onError: (packageId, error) =>
      log.error(
        { err: error, packageId },
        'package password does not open with DATA_ENCRYPTION_KEY',
      ),
    onIspAddressesChanged: syncIspListeners,
  });
  const exits = new ExitTable();
  const listConnections = new ConnectionRegistry();
  // Set once the context exists; the first load (inside startConfigSync) comes before it, and
  // the ports are opened to match right after.
  let listPorts: ListPorts | null = null;
  const lists: ListCache = new ListCache({
    onRevoke: (list, reason) => {
      if (reason === 'removed') exits.forgetSessions(list.selector.sessionPrefix);
      const closed = listConnections.cut(list.id);
      if (closed > 0) log.info({ listId: list.id, reason, closed }, 'connections of a list closed');
    },
    onApplied: () => {
      if (listPorts)
        listPorts
          .sync(lists.all())
          .catch((error: unknown) => log.error({ err: error }, 'opening list ports failed'));
    },
  });
  const subUsers: SubUserCache = new SubUserCache({
    dataKey: config.DATA_ENCRYPTION_KEY,
    onRevoke: (subUser, reason) => {
      if (reason !== 'credentials') limits.forgetSubUser(subUser.id);
      const closed = subUserConnections.cut(subUser.id);
      if (closed > 0)
        log.info({ subUserId: subUser.id, reason, closed }, 'connections of a sub-user closed');
    },
    onLimitChanged: (subUser) => limits.reviveSubUser(subUser.id),
    onError: (subUserId, error) =>
      log.error(
        { err: error, subUserId },
        'sub-user password does not open with DATA_ENCRYPTION_KEY',
      ),
  });
  const sync = await startConfigSync({
    db,
    connectionString: options.databaseUrl,
    instanceId: config.GATEWAY_INSTANCE_ID,
    dataKey: config.DATA_ENCRYPTION_KEY,
    cache,
    lists,
    subUsers,
    exits,
    heartbeatMs: config.GATEWAY_HEARTBEAT_MS,
    pollIntervalMs: config.GATEWAY_POLL_INTERVAL_MS,
    log,
  });
  const meter = new UsageMeter();
  const { journal, adopted } = UsageJournal.open(
    config.GATEWAY_JOURNAL_DIR,
    config.GATEWAY_INSTANCE_ID,
    (error) =>
      log.error(
        { err: error, journal: config.GATEWAY_JOURNAL_DIR },
        'usage journal write failed: unwritten usage is held in memory only until it is written',
      ),
  );
  if (adopted.length > 0)
    log.info({ batches: adopted.length }, 'usage journals of stopped instances taken over');
  const heartbeat = startInstanceHeartbeat({
    db,
    instanceId: config.GATEWAY_INSTANCE_ID,
    intervalMs: config.GATEWAY_METRICS_INTERVAL_MS,
    log,
  });
  const flusher = startUsageFlusher({
    db,
    meter,
    journal,
    adopted,
    noteIntervalMs: config.GATEWAY_JOURNAL_INTERVAL_MS,
    instanceId: config.GATEWAY_INSTANCE_ID,
    intervalMs: config.GATEWAY_FLUSH_INTERVAL_MS,
    isInUse: (counter) =>
      counter.subUserId === null
        ? registry.count(counter.packageId) > 0
        : subUserConnections.count(counter.subUserId) > 0,
    onCollect: heartbeat.record,
    log,
  });

  // Expiry is a moment, not a notification: open tunnels of a package that just expired close.
  // Budgets idle here go back to the database for the package's other instances.
  const expirySweep = setInterval(() => {
    const now = Date.now();
    ispListeners
      ?.tick(now)
      .catch((error: unknown) =>
        log.error({ err: error }, "closing ISP addresses' listeners failed"),
      );
    limits.sweep(
      (packageId) => registry.count(packageId) > 0,
      (subUserId) => subUserConnections.count(subUserId) > 0,
      now,
    );
    for (const packageId of [...registry.packageIds()]) {
      const entry = cache.byId(packageId);
      if (entry && now >= entry.expiresAtMs) {
        const closed = registry.cut(packageId);
        log.info({ packageId, reason: 'expired', closed }, 'connections of a package closed');
      }
    }
    for (const subUserId of [...subUserConnections.packageIds()]) {
      const subUser = subUsers.byId(subUserId);
      if (subUser && now >= subUser.expiresAtMs) {
        const closed = subUserConnections.cut(subUserId);
        log.info({ subUserId, reason: 'expired', closed }, 'connections of a sub-user closed');
      }
    }
  }, EXPIRY_SWEEP_MS);
  expirySweep.unref();

  const lookup = createDestinationLookup(config.GATEWAY_ALLOW_PRIVATE_DESTINATIONS);
  const connectOptions = {
    timeoutMs: config.GATEWAY_CONNECT_TIMEOUT_MS,
    lookup,
    allowPrivate: config.GATEWAY_ALLOW_PRIVATE_DESTINATIONS,
  };
  const ctx: ProxyContext = {
    config,
    cache,
    authenticator: new RequestAuthenticator({ cache, lists, subUsers }),
    exits,
    registry,
    lists,
    listConnections,
    subUsers,
    subUserConnections,
    meter,
    limits,
    connectOptions,
    origins: new OriginPool(connectOptions),
    log,
  };
  const exitHealth = startExitHealth({
    db,
    instanceId: config.GATEWAY_INSTANCE_ID,
    intervalMs: config.GATEWAY_EXIT_CHECK_INTERVAL_MS,
    downAfter: config.GATEWAY_EXIT_DOWN_AFTER,
    target: config.GATEWAY_EXIT_CHECK_TARGET,
    exits,
    connectOptions: ctx.connectOptions,
    log,
  });
  const httpServer = createHttpProxyServer(ctx);
  const socksServer = createSocksServer(ctx);
  // Every accepted socket, to close the idle keep-alive and half-done handshakes at stop.
  const sockets = new Set<net.Socket>();
  // One listener for every socket (`this` is the socket that closed): no closure per connection.
  const forget = function (this: net.Socket) {
    sockets.delete(this);
  };
  for (const server of [httpServer, socksServer])
    server.on('connection', (socket: net.Socket) => {
      sockets.add(socket);
      socket.on('close', forget);
    });

  const ports = new ListPorts(ctx);
  listPorts = ports;

  let httpPort: number;
  let socksPort: number;
  let addressListeners: IspListeners;
  try {
    httpPort = await listen(httpServer, config.GATEWAY_HTTP_PORT, config.GATEWAY_HOST);
    socksPort = await listen(socksServer, config.GATEWAY_SOCKS_PORT, config.GATEWAY_HOST);
    addressListeners = new IspListeners({
      cache,
      host: config.GATEWAY_HOST,
      httpPort,
      socksPort,
      http: httpServer,
      socks: socksServer,
      log,
    });
    ispListeners = addressListeners;
    // A list port or address that cannot be opened (taken) is retried, not a failed start.
    await Promise.all([ports.sync(lists.all()), addressListeners.sync(Date.now())]);
  } catch (error) {
    httpServer.close();
    socksServer.close();
    await Promise.all([ports.stop(), ispListeners?.stop()]);
    clearInterval(expirySweep);
    await exitHealth.stop().catch(() => undefined);
    journal.close((await flusher.stop()).isSettled);
    await heartbeat.stop().catch(() => undefined);
    await sync.stop();
    throw error;
  }

  let stopping: Promise<void> | null = null;
  return {
    httpPort,
    socksPort,
    cache,
    lists,
    subUsers,
    subUserConnections,
    listPorts: ports,
    ispListeners: addressListeners,
    exits,
    registry,
    meter,
    openSockets: () => sockets.size + ports.openSockets,
    flushUsage: () => flusher.flush(),
    beat: () => heartbeat.beat(),
    checkExits: () => exitHealth.check(),
    exitHealth,
    stop: () => {
      stopping ??= (async () => {
        clearInterval(expirySweep);
        const closed = [
          new Promise((resolve) => httpServer.close(resolve)),
          new Promise((resolve) => socksServer.close(resolve)),
        ];
        registry.cutAll();
        ctx.origins.close();
        for (const socket of sockets) socket.destroy();
        await Promise.all([...closed, ports.stop(), addressListeners.stop()]);
        await limits.returnAll();
        await flusher.flush().catch((error: unknown) => {
          log.error(
            { err: error, journal: config.GATEWAY_JOURNAL_DIR },
            'final usage flush failed: the usage stays in the journal, written at the next start',
          );
        });
        journal.close((await flusher.stop()).isSettled);
        await heartbeat.stop().catch((error: unknown) => {
          log.warn({ err: error }, 'deleting the heartbeat failed: it goes stale instead');
        });
        await exitHealth.stop().catch((error: unknown) => {
          log.warn({ err: error }, 'deleting the exit health rows failed: they go stale instead');
        });
        await sync.stop();
      })();
      return stopping;
    },
  };
};
