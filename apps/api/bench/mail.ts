/**
 * `npm run bench:mail`: how long 1,000 queued mails take to leave, through the real app (the
 * jobs plugin's mail workers, the mailer's SMTP pool) to a local `smtp-server` speaking real
 * SMTP with its defaults (STARTTLS offered, AUTH required). 200 are verification mails on the
 * account queue, 800 notification mails. Target: all of them in under 30 s.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app.ts';
import { loadConfig, REPO_ROOT } from '../src/config/env.ts';
import { apiKeyColumns } from '../src/modules/users/api-key.ts';
import { createDatabase } from '@proxy/db';
import { findFreePort } from '@proxy/db';
import { migrate } from '@proxy/db';
import { createTranslator } from '../src/i18n/translator.ts';
import { createMailer } from '../src/integrations/mail/mailer.ts';
import {
  MAIL_ACCOUNT_QUEUE,
  MAIL_JOB_OPTIONS,
  MAIL_NOTIFICATION_QUEUE,
  type MailJob,
} from '../src/modules/jobs/jobs.queue.ts';
import { NOTIFICATION_TYPES } from '../src/modules/notifications/notifications.service.ts';
import { setUpDatabase } from './database.ts';

const ACCOUNT_MAILS = 200;
const NOTIFICATION_MAILS = 800;
const TOTAL = ACCOUNT_MAILS + NOTIFICATION_MAILS;
const TARGET_S = 30;
const TIMEOUT_MS = 120_000;

/** Arrival times (ms since the jobs were queued) by kind, as the SMTP server saw them. */
const arrivals = { account: [] as number[], notification: [] as number[] };
let queuedAt = 0;

const startSmtpServer = async () => {
  // Defaults otherwise: STARTTLS with the module's own certificate, AUTH required.
  const server = new SMTPServer({
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'bench' && auth.password === 'bench') callback(null, { user: 'bench' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      let subject = '';
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        subject = /^Subject: (.*)$/m.exec(head)?.[1] ?? '';
        const at = Date.now() - queuedAt;
        // Verification mails carry the template's subject; everything else is a notification.
        if (subject.includes('Confirm your e-mail')) arrivals.account.push(at);
        else arrivals.notification.push(at);
        callback();
      });
    },
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port };
};

const seedUsers = async (db: ReturnType<typeof createDatabase>['db'], dataKey: Buffer) => {
  const suffix = randomBytes(3).toString('hex');
  const rows = Array.from({ length: ACCOUNT_MAILS }, (_, i) => ({
    name: `Bench ${i}`,
    email: `bench-${suffix}-${i}@example.test`,
    password_hash: 'x',
    ref_link: `bench${suffix}${i}`,
    ...apiKeyColumns(dataKey),
  }));
  return db.insertInto('users').values(rows).returning(['id', 'email']).execute();
};

const main = async () => {
  const database = await setUpDatabase();
  const smtp = await startSmtpServer();
  try {
    await migrate(database.url);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(REPO_ROOT, 'data', 'no-dist'),
      APP_SECRET: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      // The module's certificate is self-signed: trust it for this local stand-in only.
      SMTP_URL: `smtp://bench:bench@127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false`,
    });
    const handle = createDatabase(database.url, 10);
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      maxConnections: config.SMTP_MAX_CONNECTIONS,
      from: config.MAIL_FROM,
      dataDir: config.DATA_DIR,
      logger: { info: () => undefined, error: () => undefined },
    });
    const app = await buildApp({
      config,
      db: handle.db,
      mailer,
      translator: createTranslator(config.LOCALES_DIR),
    });
    await app.ready();
    const boss = app.jobs;
    if (!boss) throw new Error('job queue did not start');

    const users = await seedUsers(handle.db, config.DATA_ENCRYPTION_KEY);
    const jobs: { name: string; data: MailJob }[] = [
      ...users.map((user) => ({
        name: MAIL_ACCOUNT_QUEUE,
        data: { kind: 'verify-email' as const, userId: user.id, email: user.email },
      })),
      ...Array.from({ length: NOTIFICATION_MAILS }, (_, i) => ({
        name: MAIL_NOTIFICATION_QUEUE,
        data: {
          kind: 'notification' as const,
          userId: users[i % users.length]?.id ?? 0,
          type: NOTIFICATION_TYPES.topUp,
          data: [],
        },
      })),
    ];
    // Notification mails first in the job table: the account mails must not wait for them.
    queuedAt = Date.now();
    for (const name of [MAIL_NOTIFICATION_QUEUE, MAIL_ACCOUNT_QUEUE])
      await boss.insert(
        name,
        jobs
          .filter((job) => job.name === name)
          .map((job) => ({ data: job.data, ...MAIL_JOB_OPTIONS })),
      );

    const deadline = Date.now() + TIMEOUT_MS;
    while (arrivals.account.length + arrivals.notification.length < TOTAL) {
      if (Date.now() > deadline) throw new Error('mails did not drain in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const drainedS = (Date.now() - queuedAt) / 1000;
    await app.close();
    mailer.close();
    await handle.close();

    const lastAccountS = Math.max(...arrivals.account) / 1000;
    process.stdout.write(
      [
        '',
        `Mail: ${TOTAL.toLocaleString('en')} queued mails (${ACCOUNT_MAILS} verification, ${NOTIFICATION_MAILS} notification) to a local smtp-server`,
        `  pool ${config.SMTP_MAX_CONNECTIONS} SMTP connections, ${config.MAIL_CONCURRENCY} mails at once per queue`,
        `  drained in ${drainedS.toFixed(1)} s (${(TOTAL / drainedS).toFixed(0)} mails/s; target < ${TARGET_S} s)`,
        `  last verification mail after ${lastAccountS.toFixed(1)} s`,
        '',
      ].join('\n'),
    );
    if (drainedS >= TARGET_S) process.exitCode = 1;
  } finally {
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    await database.cleanup();
  }
};

await main();
process.exit(process.exitCode ?? 0);
