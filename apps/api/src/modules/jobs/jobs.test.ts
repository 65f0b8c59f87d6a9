import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import { createTranslator } from '../../i18n/translator.ts';
import type { Mailer, MailRequest } from '../../integrations/mail/mailer.ts';
import {
  PASSWORD,
  bearer,
  registerUser,
  testConfig,
  useTestApp,
  waitFor,
} from '../../../test/helpers.ts';
import { upsertChannels } from '../notifications/notification-settings.ts';
import { NOTIFICATION_TYPES } from '../notifications/notifications.service.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('notification mails through the pg-boss queue', () => {
  const ctx = useTestApp();

  const mailsTo = (email: string) => ctx.notificationMails.filter((mail) => mail.to === email);

  it('registration queues the welcome mail, rendered in the user locale', async () => {
    const { email } = await registerUser(ctx.app, { locale: 'ru' });
    const mail = await waitFor(() => mailsTo(email)[0]);
    expect(mail).toMatchObject({ purpose: 'notification', language: 'ru', to: email });
    if (mail.purpose !== 'notification') throw new Error('wrong purpose');
    expect(mail.type).toBe(NOTIFICATION_TYPES.welcome);
    expect(mail.content.subject).toBe('Добро пожаловать в кабинет прокси!');
    expect(mail.content.text).toContain(`E-mail: ${email}`);
    expect(mail.content.html).toContain('http://cabinet.test/cabinet');
  });

  it('password change mails by default; channel settings switch mail and database off', async () => {
    const user = await registerUser(ctx.app);
    await waitFor(() => mailsTo(user.email)[0]);
    const change = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/profile',
        headers: bearer(user.token),
        payload: { password, password_confirmation: password },
      });
    expect((await change('password-new-1')).statusCode).toBe(200);
    await waitFor(() =>
      mailsTo(user.email).find(
        (m) => m.purpose === 'notification' && m.type === NOTIFICATION_TYPES.passwordChanged,
      ),
    );

    await upsertChannels(ctx.database.db, user.id, NOTIFICATION_TYPES.passwordChanged, {
      mail: false,
      database: false,
      telegram: false,
    });
    const before = mailsTo(user.email).length;
    const rowsBefore = await ctx.database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect((await change('password-new-2')).statusCode).toBe(200);
    await sleep(2_000);
    expect(mailsTo(user.email)).toHaveLength(before);
    const rowsAfter = await ctx.database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rowsAfter).toHaveLength(rowsBefore.length);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/userlogin',
      payload: { email: user.email, password: 'password-new-2' },
    });
    expect(login.statusCode).toBe(200);
    expect(PASSWORD).not.toBe('password-new-2');
  });
});

describe('a failing mailer', () => {
  it('never fails the request; the job is retried with backoff until it is delivered', async () => {
    const config = testConfig();
    const database = createDatabase(config.DATABASE_URL ?? '', 5);
    const attempts: MailRequest[] = [];
    const delivered: MailRequest[] = [];
    const verifyAttempts: MailRequest[] = [];
    const mailer: Mailer = {
      send: (request) => {
        if (request.purpose === 'verify-email') {
          // The verification mail rides the same queue: its first attempt fails too.
          verifyAttempts.push(request);
          return verifyAttempts.length === 1
            ? Promise.reject(new Error('SMTP down'))
            : Promise.resolve();
        }
        if (request.purpose !== 'notification') return Promise.resolve();
        attempts.push(request);
        if (attempts.length <= 2) return Promise.reject(new Error('SMTP down'));
        delivered.push(request);
        return Promise.resolve();
      },
      deliver: () => undefined,
      close: () => undefined,
    };
    const app = await buildApp({
      config,
      db: database.db,
      mailer,
      translator: createTranslator(config.LOCALES_DIR),
    });
    try {
      await app.ready();
      const { email } = await registerUser(app);
      expect(attempts).toHaveLength(0); // the request did not wait for the mail
      expect(verifyAttempts).toHaveLength(0);
      const mail = await waitFor(() => delivered[0], 20_000);
      expect(mail.to).toBe(email);
      expect(attempts.length).toBe(3);
      await waitFor(() => (verifyAttempts.length >= 2 ? true : undefined), 20_000);
      expect(verifyAttempts.map((m) => m.to)).toEqual([email, email]);
    } finally {
      const started = Date.now();
      await app.close();
      // pg-boss stops with the app: nothing keeps the test (or SIGTERM) waiting.
      expect(Date.now() - started).toBeLessThan(6_000);
      await database.close();
    }
  });
});
