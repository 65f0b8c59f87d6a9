import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { findUserById } from '../users/users.repository.ts';
import { createNotificationMailRenderer } from '../notifications/notification-mail.ts';
import {
  MAIL_QUEUE,
  MAIL_RETRY,
  bossDb,
  registerQueue,
  type NotificationMailJob,
} from './jobs.queue.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** The running pg-boss (later issues add queues and schedules); null when it failed to start. */
    jobs: PgBoss | null;
  }
}

/** Time the close hook gives a running mail job before pg-boss fails it for a retry. */
const STOP_TIMEOUT_MS = 5_000;

/**
 * pg-boss on the app's own database (through the app's Kysely pool, no second pool) in the
 * JOBS_SCHEMA schema. Starts the `mail` worker; app.close() stops pg-boss gracefully, so
 * SIGTERM and the API tests end cleanly.
 */
export const jobsPlugin = fp(
  async (app) => {
    const boss = new PgBoss({
      db: bossDb(app.db),
      schema: app.config.JOBS_SCHEMA,
      // Cron schedules arrive with renewals (later issue); maintenance still runs.
      schedule: false,
    });
    app.decorate('jobs', null);
    boss.on('error', (error) => app.log.error({ err: error }, 'pg-boss error'));
    try {
      await boss.start();
      await boss.createQueue(MAIL_QUEUE, { name: MAIL_QUEUE, ...MAIL_RETRY });
    } catch (error) {
      // The app still serves (GET /health reports the database); notifications are stored
      // without mail until the next start.
      app.log.error({ err: error }, 'job queue not started: notification mails are off');
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      return;
    }

    const render = createNotificationMailRenderer(app.config.LOCALES_DIR);
    await boss.work<NotificationMailJob>(
      MAIL_QUEUE,
      { pollingIntervalSeconds: app.config.JOBS_POLL_SECONDS, batchSize: 1 },
      async ([job]) => {
        if (!job) return;
        const user = await findUserById(app.db, job.data.userId);
        if (!user) return; // deleted since: nothing to send, no retry
        const content = render(user.locale, {
          name: user.name,
          type: job.data.type,
          data: job.data.data,
          appUrl: app.config.APP_URL,
        });
        // A throw fails the job; pg-boss retries it with backoff (MAIL_RETRY).
        await app.mailer.send({
          to: user.email,
          name: user.name,
          language: user.locale,
          purpose: 'notification',
          link: `${app.config.APP_URL}/cabinet`,
          type: job.data.type,
          content,
        });
      },
    );

    const unregister = registerQueue(boss, app.log);
    app.jobs = boss;
    app.addHook('onClose', async () => {
      unregister();
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
