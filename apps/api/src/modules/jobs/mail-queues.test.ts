import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailRequest } from '../../integrations/mail/mailer.ts';
import { createTestApp, registerUser, waitFor, type TestContext } from '../../../test/helpers.ts';
import { NOTIFICATION_TYPES } from '../notifications/notifications.service.ts';
import { enqueueMail } from './jobs.queue.ts';

const BACKLOG = 300;

describe('mail queues', () => {
  let ctx: TestContext;
  const notifications: MailRequest[] = [];
  /** Each account mail with the time it was sent and how many notification mails were out then. */
  const accountMails: { mail: MailRequest; at: number; notificationsSent: number }[] = [];
  /**
   * Notification mails do not go out until the test is over: the backlog lasts beyond the test,
   * and every notification worker is kept busy by it.
   */
  let notificationsStarted = 0;
  let releaseNotifications = () => undefined as void;
  const notificationsReleased = new Promise<void>((resolve) => (releaseNotifications = resolve));

  beforeAll(async () => {
    const mailer: Mailer = {
      send: async (request) => {
        if (request.purpose === 'notification') {
          notificationsStarted += 1;
          await notificationsReleased;
          notifications.push(request);
          return;
        }
        accountMails.push({
          mail: request,
          at: Date.now(),
          notificationsSent: notifications.length,
        });
      },
      close: () => undefined,
    };
    ctx = await createTestApp({}, undefined, mailer);
  });

  afterAll(async () => {
    releaseNotifications();
    await ctx.close();
  });

  it('a verification mail is not stuck behind a backlog of notification mails', async () => {
    const owner = await registerUser(ctx.app);
    const queued = await Promise.all(
      Array.from({ length: BACKLOG }, () =>
        enqueueMail(ctx.database.db, {
          kind: 'notification',
          userId: owner.id,
          type: NOTIFICATION_TYPES.topUp,
          data: [],
        }),
      ),
    );
    expect(queued.every(Boolean)).toBe(true);
    // The notification workers are busy with the backlog.
    await waitFor(() => (notificationsStarted > 0 ? true : undefined), 20_000);

    const started = Date.now();
    const { email } = await registerUser(ctx.app);
    const verification = await waitFor(
      () => accountMails.find((m) => m.mail.to === email && m.mail.purpose === 'verify-email'),
      20_000,
    );
    // Sent within a few polling intervals, while the backlog was still being sent.
    expect(verification.at - started).toBeLessThan(3_000);
    expect(verification.notificationsSent).toBeLessThan(BACKLOG);
  });
});
