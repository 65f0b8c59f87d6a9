import type { Job } from 'pg-boss';
import type { MailRequest } from '../../integrations/mail/mailer.ts';
import { buildAccountMail } from '../auth/account-mail.ts';
import { createNotificationMailRenderer } from '../notifications/notification-mail.ts';
import { findUserById } from '../users/users.repository.ts';
import { buildReceiptMail, sellerOf } from '../receipts/receipts.service.ts';
import {
  MAIL_ACCOUNT_QUEUE,
  MAIL_JOB_OPTIONS,
  MAIL_NOTIFICATION_QUEUE,
  workEach,
  type JobWorker,
  type MailJob,
  type NotificationMailJob,
} from './jobs.queue.ts';

/**
 * The mail workers: one on each mail queue, each sending up to MAIL_CONCURRENCY mails at a
 * time through the mailer's SMTP pool. Account mails have workers of their own, so a backlog
 * of notification mails never delays a verification or reset mail (decision 076).
 */
export const mailWorker: JobWorker = {
  name: 'mail',
  start: async (boss, app) => {
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
    const receiptContext = {
      seller: sellerOf(app.config),
      translator: app.translator,
      appUrl: app.config.APP_URL,
    };
    const buildMail = (job: MailJob) => {
      if (job.kind === 'notification') return buildNotificationMail(job);
      if (job.kind === 'receipt') return buildReceiptMail(app.db, job.paymentId, receiptContext);
      return buildAccountMail(app.db, app.config, job);
    };
    const send = async (job: Job<MailJob>) => {
      const mail = await buildMail(job.data);
      // A throw fails this job alone; pg-boss retries it with backoff (MAIL_JOB_OPTIONS).
      if (mail) await app.mailer.send(mail);
    };
    const options = {
      batchSize: app.config.MAIL_CONCURRENCY,
      pollingIntervalSeconds: app.config.JOBS_POLL_SECONDS,
    };
    for (const name of [MAIL_ACCOUNT_QUEUE, MAIL_NOTIFICATION_QUEUE]) {
      await boss.createQueue(name, MAIL_JOB_OPTIONS);
      // Someone waits on the screen for an account mail; notification mails can wait out a
      // burst of requests.
      const deferrable = name === MAIL_NOTIFICATION_QUEUE;
      await workEach(boss, name, { ...options, deferrable }, send);
    }
    return () => Promise.resolve();
  },
};
