import pino from 'pino';
import { buildApp } from './app.ts';
import { gatewayChildEnvironment, loadConfig } from './config/env.ts';
import {
  createDatabase,
  handleShutdownSignals,
  isDatabaseUnavailable,
  migrate,
  resolveDatabase,
} from '@proxy/db';
import { prepareSecretsAtRest } from './db/secrets-at-rest.ts';
import { seedDemoUser, DEMO_INVENTORY_FILE, DEMO_USER } from './db/seed/seed.ts';
import { readFaqCatalogue, syncFaqCatalogue } from './modules/faq/faq.catalogue.ts';
import { loadCatalogue } from './modules/catalogue/catalogue.loader.ts';
import { seedInventory } from './modules/inventory/inventory.service.ts';
import { createTranslator } from './i18n/translator.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import { formatStartBanner } from './lib/start-banner.ts';
import { startGatewayProcess, type GatewayProcess } from './lib/gateway-process.ts';

const SHUTDOWN_TIMEOUT_MS = 15_000;

const main = async () => {
  const config = loadConfig();
  // Synchronous writes: the log keeps its order with the start banner below, and a crash loses
  // no line. Requests log at debug, so at the default level this costs nothing per request.
  const logger = pino({ level: config.LOG_LEVEL }, pino.destination({ dest: 1, sync: true }));
  logger.info({ node: process.version }, 'starting');
  // A job library's own query can fail while the database is away without anyone awaiting it
  // (pg-boss completing a job): the job is retried once its lease expires, so that rejection is
  // logged and the process keeps serving. Any other unhandled rejection is a bug and ends it.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      logger.warn({ err: reason }, 'database unavailable in background work');
      return;
    }
    logger.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });

  const source = await resolveDatabase(config, {
    log: (message) => logger.debug({ component: 'embedded-pg' }, message),
  });

  const database = createDatabase(
    source.url,
    config.DATABASE_POOL_SIZE,
    (error) =>
      logger.warn({ err: error }, 'postgres closed an idle connection; it will be replaced'),
    { preparedStatements: config.DATABASE_PREPARED_STATEMENTS === 'true' },
  );
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let gateway: GatewayProcess | null = null;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    maxConnections: config.SMTP_MAX_CONNECTIONS,
    from: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
    logger,
  });

  const shutdown = handleShutdownSignals({
    log: logger,
    timeoutMs: SHUTDOWN_TIMEOUT_MS,
    stop: async () => {
      // The gateway flushes its last usage into the database, so it stops before the database.
      await Promise.all([app?.close(), gateway?.stop()]);
      mailer.close();
      await database.close();
      if (source.embedded && !source.embedded.attached) await source.embedded.stop();
    },
  });

  const isDemoSeeded = config.IS_DEMO;
  try {
    const { applied } = await migrate(source.url, { log: (message) => logger.info(message) });
    logger.info({ applied: applied.length }, 'migrations up to date');
    const sealed = await prepareSecretsAtRest(database.db, config.DATA_ENCRYPTION_KEY);
    if (sealed > 0) logger.info({ sealed }, 'encrypted legacy plain-text secrets');
    if (isDemoSeeded) await seedDemoUser(database.db, config.DATA_ENCRYPTION_KEY);
    // The FAQ catalogue file is the source: an operator edits it and restarts.
    await syncFaqCatalogue(database.db, await readFaqCatalogue());
    // Tariffs, ISP countries and unlimited locations: upserted from the operator's file.
    const catalogue = await loadCatalogue(database.db);
    logger.info(catalogue, 'catalogue loaded');
    // The inventory on the first start (decision 154): the operator's file, else the demo's
    // with the embedded default; nothing otherwise. The gateway reads exits on NOTIFY.
    const inventoryFile = config.GATEWAY_EXITS_FILE ?? (isDemoSeeded ? DEMO_INVENTORY_FILE : null);
    if (inventoryFile) {
      const inventory = await seedInventory(database.db, inventoryFile, config.DATA_ENCRYPTION_KEY);
      if (inventory.seeded) logger.info({ file: inventoryFile, ...inventory }, 'inventory seeded');
    }

    const translator = createTranslator(config.LOCALES_DIR);
    app = await buildApp({ config, db: database.db, mailer, translator }, { logger });
    await app.listen({ port: config.PORT, host: config.HOST });
    if (config.START_GATEWAY)
      gateway = startGatewayProcess(gatewayChildEnvironment(config, source.url), logger);
  } catch (error) {
    logger.fatal({ err: error }, 'start failed');
    await shutdown('start-failure', 1);
    return;
  }

  // For humans, after the JSON log: where to go and how to log in. Requests log at debug,
  // so at the default level nothing follows it (the logger writes synchronously, so every
  // line logged so far is out before the box).
  const proxy = gateway ? await gateway.ready : null;
  process.stdout.write(
    formatStartBanner({
      url: config.APP_URL,
      demo: isDemoSeeded ? DEMO_USER : null,
      proxy: proxy && { host: config.GATEWAY_PUBLIC_HOST, ...proxy },
      checkUrl: config.API_TOOLS_CHECK_URL,
    }),
  );
};

await main();
