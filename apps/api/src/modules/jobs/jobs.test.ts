import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Mailer, MailRequest } from '../../integrations/mail/mailer.ts';
import {
  PASSWORD,
  createTestApp,
  registerUser,
  useTestApp,
  waitFor,
} from '../../../test/helpers.ts';
import { upsertChannels } from '../notifications/notification-settings.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';
import { PgBoss } from 'pg-boss';
import { createDatabase } from '@proxy/db';
import { MAIL_JOB_OPTIONS, MAIL_NOTIFICATION_QUEUE, poolBossDb } from './jobs.queue.ts';

describe('notification mails through the pg-boss queue', () => {
  const ctx = useTestApp();

  const mailsTo = (email: string) => ctx.notificationMails.filter((mail) => mail.to === email);
  /** The password-change mail jobs ever queued for the user (pg-boss keeps completed ones). */
  const passwordMailJobs = async (userId: number) => {
    const { rows } = await sql<{ jobs: number }>`
      SELECT count(*)::int AS jobs FROM ${sql.table(`${ctx.config.JOBS_SCHEMA}.job`)}
      WHERE name = ${MAIL_NOTIFICATION_QUEUE} AND (data->>'userId')::int = ${userId}
        AND data->>'type' = ${NOTIFICATION_TYPES.passwordChanged}`.execute(ctx.database.db);
    return rows[0]?.jobs ?? 0;
  };

  it('a notification mail is queued and rendered in the user locale (sign-up queues none)', async () => {
    const { email, token } = await registerUser(ctx.app, { locale: 'ru' });
    // The welcome stays in the cabinet (decision 061); a password change is mailed.
    const changed = await ctx.api.changePassword(token, PASSWORD, 'password-new-1');
    expect(changed.statusCode).toBe(200);
    const mail = await waitFor(() => mailsTo(email)[0]);
    expect(mail).toMatchObject({ purpose: 'notification', language: 'ru', to: email });
    if (mail.purpose !== 'notification') throw new Error('wrong purpose');
    expect(mail.type).toBe(NOTIFICATION_TYPES.passwordChanged);
    expect(mail.content.subject).toBe('Ваш пароль изменён');
    expect(mail.content.text).toContain(`E-mail: ${email}`);
    expect(mail.content.html).toContain('http://cabinet.test/cabinet');
  });

  it('password change mails by default; channel settings switch mail and database off', async () => {
    const user = await registerUser(ctx.app);
    const change = (current: string, password: string) =>
      ctx.api.changePassword(user.token, current, password);
    expect((await change(PASSWORD, 'password-new-1')).statusCode).toBe(200);
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
    const passwordMails = () =>
      mailsTo(user.email).filter(
        (m) => m.purpose === 'notification' && m.type === NOTIFICATION_TYPES.passwordChanged,
      );
    const before = passwordMails().length;
    const notificationRows = () =>
      ctx.database.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', user.id)
        .where('type', '=', NOTIFICATION_TYPES.passwordChanged)
        .execute();
    const rowsBefore = await notificationRows();
    // The first change's job, sent.
    expect(await passwordMailJobs(user.id)).toBe(1);
    expect((await change('password-new-1', 'password-new-2')).statusCode).toBe(200);
    // The change queued no mail job (the channels are read in its transaction)...
    expect(await passwordMailJobs(user.id)).toBe(1);
    // ...and a notification the user still gets, queued after it on the same queue, is mailed
    // while the change's is not.
    await notify(ctx.database.db, user.id, NOTIFICATION_TYPES.topUp, {
      amount: '$5.00',
      method: 'test',
    });
    await waitFor(() =>
      mailsTo(user.email).find(
        (m) => m.purpose === 'notification' && m.type === NOTIFICATION_TYPES.topUp,
      ),
    );
    expect(passwordMails()).toHaveLength(before);
    expect(await notificationRows()).toHaveLength(rowsBefore.length);
    expect((await ctx.api.login(user.email, 'password-new-2')).statusCode).toBe(200);
    expect(PASSWORD).not.toBe('password-new-2');
  });
});

describe('a failing mailer', () => {
  it('never fails the request; the job is retried with backoff until it is delivered', async () => {
    const attempts: MailRequest[] = [];
    const delivered: MailRequest[] = [];
    const verifyAttempts: MailRequest[] = [];
    const mailer: Mailer = {
      send: (request) => {
        if (request.purpose === 'verify-email') {
          // The verification mail (account queue) is retried the same way: its first attempt fails.
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
      close: () => undefined,
    };
    const { app, api, database } = await createTestApp({}, undefined, mailer);
    try {
      const { email, token } = await registerUser(app);
      expect(verifyAttempts).toHaveLength(0); // the request did not wait for the mail
      // A notification mail to fail with: sign-up itself mails only the verification.
      const changed = await api.changePassword(token, PASSWORD, 'password-new-1');
      expect(changed.statusCode).toBe(200);
      expect(attempts).toHaveLength(0); // the request did not wait for the mail
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

describe('the job tables', () => {
  const ctx = useTestApp();

  it("are pg-boss's own: nothing added to them, nothing missing", async () => {
    const report = await ctx.app.jobs?.detectSchemaDrift();
    expect(report?.extraIndexes).toEqual([]);
    expect(report?.ok).toBe(true);
  });
});

describe('pg-boss at the stop', () => {
  it('fails a job still running when the stop time is up, for a retry, and sends nothing after', async () => {
    let started = false;
    let finished = false;
    // The send hangs until the test lets it go: longer than the close hook waits, whatever that is.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const mailer: Mailer = {
      send: async (request) => {
        if (request.purpose !== 'notification') return;
        started = true;
        await released;
        finished = true;
      },
      close: () => undefined,
    };
    const { app, config, database } = await createTestApp({}, undefined, mailer);
    const user = await registerUser(app);
    const id = await app.jobs?.send(
      MAIL_NOTIFICATION_QUEUE,
      { kind: 'notification', userId: user.id, type: NOTIFICATION_TYPES.topUp, data: [] },
      MAIL_JOB_OPTIONS,
    );
    if (!id) throw new Error('no job');
    await waitFor(() => (started ? true : undefined), 10_000);
    const closing = Date.now();
    await app.close();
    expect(Date.now() - closing).toBeLessThan(6_500);
    // The pool is closed while the handler still runs: pg-boss must need it no more.
    expect(finished).toBe(false);
    await database.close();
    release();
    await waitFor(() => (finished ? true : undefined), 10_000);
    // pg-boss's code after the handler (a completion it must no longer send) runs in the turn
    // the handler settles in; a send to the closed pool would surface as an unhandled error.
    await new Promise((resolve) => setImmediate(resolve));

    const check = createDatabase(config.DATABASE_URL ?? '', 1);
    const boss = new PgBoss({
      db: poolBossDb(check.db),
      schema: config.JOBS_SCHEMA,
      supervise: false,
      schedule: false,
    });
    try {
      await boss.start();
      const job = await boss.getJobById(MAIL_NOTIFICATION_QUEUE, id);
      expect(job?.state).toBe('retry');
    } finally {
      await boss.stop({ graceful: false });
      await check.close();
    }
  });
});
