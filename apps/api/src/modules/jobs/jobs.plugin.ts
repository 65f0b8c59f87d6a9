import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { MailRequest } from '../../integrations/mail/mailer.ts';
import { buildAccountMail } from '../auth/account-mail.ts';
import { findUserById } from '../users/users.repository.ts';
import { createNotificationMailRenderer } from '../notifications/notification-mail.ts';
import {
  MAIL_QUEUE,
  MAIL_RETRY,
  bossDb,
  registerQueue,
  type MailJob,
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
 * JOBS_SCHEMA schema. Starts the `mail` worker (notification, verification and reset mails); app.close() stops pg-boss gracefully, so
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
      // and no mail is queued or sent until the next start.
      app.log.error({ err: error }, 'job queue not started: mails are off');
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      return;
    }

    const render = createNotificationMailRenderer(app.config.LOCALES_DIR);
    const buildNotificationMail = async (job: NotificationMailJob): Promise<MailRequest | null> => {
      const user = await findUserById(app.db, job.userId);
      if (!user) return null; // deleted since: nothing to send, no retry
      const content = render(user.locale, {
        name: user.name,
        type: job.type,
        data: job.data,
        appUrl: app.config.APP_URL,
      });
      return {
        to: user.email,
        name: user.name,
        language: user.locale,
        purpose: 'notification',
        link: `${app.config.APP_URL}/cabinet`,
        type: job.type,
        content,
      };
    };
    await boss.work<MailJob>(
      MAIL_QUEUE,
      { pollingIntervalSeconds: app.config.JOBS_POLL_SECONDS, batchSize: 1 },
      async ([job]) => {
        if (!job) return;
        const mail =
          job.data.kind === 'notification'
            ? await buildNotificationMail(job.data)
            : await buildAccountMail(app.db, app.config, job.data);
        // A throw fails the job; pg-boss retries it with backoff (MAIL_RETRY).
        if (mail) await app.mailer.send(mail);
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
