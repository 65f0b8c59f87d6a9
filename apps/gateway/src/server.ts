import cluster from 'node:cluster';
import path from 'node:path';
import pino from 'pino';
import {
  createDatabase,
  EMBEDDED_DATABASE,
  findRunningPort,
  handleShutdownSignals,
  migrate,
} from '@proxy/db';
import { loadGatewayConfig, type GatewayConfig } from './config/env.ts';
import { startGateway, type Gateway } from './gateway.ts';
import { runWorkers, type WorkerReady } from './workers.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * DATABASE_URL, or the embedded cluster the API started in DATA_DIR (npm start runs the gateway
 * as the API's child with DATABASE_URL set; this is for `npm run start:gateway` beside a running
 * `npm start` on one machine). The gateway never starts a database of its own.
 */
const databaseUrlOf = (config: GatewayConfig): string => {
  if (config.DATABASE_URL) return config.DATABASE_URL;
  const port = findRunningPort(path.join(config.DATA_DIR, 'pg'));
  if (port === null)
    throw new Error(
      `No DATABASE_URL and no embedded PostgreSQL running in ${config.DATA_DIR}: set DATABASE_URL, or start the API first (npm start runs both)`,
    );
  return `postgres://postgres:postgres@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
};

const banner = (config: GatewayConfig, httpPort: number, socksPort: number) =>
  `Proxy gateway: curl -x http://LOGIN:PASSWORD@${config.GATEWAY_PUBLIC_HOST}:${httpPort} http://example.com/ ` +
  `(SOCKS5 on ${config.GATEWAY_PUBLIC_HOST}:${socksPort}` +
  `${config.GATEWAY_WORKERS > 1 ? `, ${config.GATEWAY_WORKERS} workers` : ''})\n`;

/**
 * Once the gateway listens: a process started with an IPC channel (a cluster worker, or the
 * API's child under `npm start`) tells its parent, which prints one banner for all; a gateway
 * started on its own prints the hint itself.
 */
const announce = (config: GatewayConfig, httpPort: number, socksPort: number) => {
  const ready: WorkerReady = { type: 'gateway-ready', httpPort, socksPort };
  if (process.send) process.send(ready);
  else process.stdout.write(banner(config, httpPort, socksPort));
};

const main = async () => {
  const config = loadGatewayConfig();
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'gateway' } });
  log.info({ node: process.version }, 'gateway starting');
  if (cluster.isPrimary && config.GATEWAY_WORKERS > 1) {
    runWorkers({
      config,
      log,
      shutdownTimeoutMs: SHUTDOWN_TIMEOUT_MS + 5_000,
      onReady: ({ httpPort, socksPort }) => announce(config, httpPort, socksPort),
    });
    return;
  }
  const databaseUrl = databaseUrlOf(config);
  const database = createDatabase(
    databaseUrl,
    4,
    (error) => log.warn({ err: error }, 'postgres closed an idle connection; it will be replaced'),
    { applicationName: 'proxy-gateway' },
  );
  let gateway: Gateway | null = null;

  const shutdown = handleShutdownSignals({
    log,
    name: 'gateway',
    timeoutMs: SHUTDOWN_TIMEOUT_MS,
    stop: async () => {
      await gateway?.stop();
      await database.close();
    },
  });

  try {
    // Idempotent and locked: a no-op when the API migrated first, needed on a gateway-only host.
    await migrate(databaseUrl, { log: (message) => log.info(message) });
    gateway = await startGateway({ config, db: database.db, databaseUrl, log });
  } catch (error) {
    log.fatal({ err: error }, 'gateway start failed');
    await shutdown('start-failure', 1);
    return;
  }
  log.info(
    {
      http: `${config.GATEWAY_HOST}:${gateway.httpPort}`,
      socks: `${config.GATEWAY_HOST}:${gateway.socksPort}`,
      packages: gateway.cache.size,
      exits: gateway.exits.size,
      ispAddressListeners: gateway.ispListeners.listening.length,
    },
    'gateway listening',
  );
  announce(config, gateway.httpPort, gateway.socksPort);
};

await main();
