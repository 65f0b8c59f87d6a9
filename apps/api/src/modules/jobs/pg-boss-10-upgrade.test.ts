import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import PgBoss10 from 'pg-boss-10';
import { describe, expect, it } from 'vitest';
import { createTestApp, registerUser, useTestApp, waitFor } from '../../../test/helpers.ts';
import { NOTIFICATION_TYPES } from '../notifications/notifications.service.ts';
import { MAIL_JOB_OPTIONS, MAIL_NOTIFICATION_QUEUE } from './jobs.queue.ts';
import { v10SchemaOf } from './pg-boss-10-upgrade.ts';

/** A queue of an older version that no worker creates any more. */
const RETIRED_QUEUE = 'retired.queue';

describe('a database of pg-boss 10', () => {
  const ctx = useTestApp();

  it('is upgraded at start: its unfinished jobs run on pg-boss 12 and its schema is dropped', async () => {
    const schema = `pgboss_v10_${randomBytes(4).toString('hex')}`;
    const user = await registerUser(ctx.app);
    const topUp = { kind: 'notification', userId: user.id, type: NOTIFICATION_TYPES.topUp };

    // The job tables as the API on pg-boss 10 leaves them, written by pg-boss 10 itself.
    const old = new PgBoss10({
      connectionString: ctx.config.DATABASE_URL,
      schema,
      supervise: false,
      schedule: false,
    });
    await old.start();
    await old.createQueue(MAIL_NOTIFICATION_QUEUE, {
      name: MAIL_NOTIFICATION_QUEUE,
      ...MAIL_JOB_OPTIONS,
    });
    await old.createQueue('mail', { name: 'mail' });
    await old.createQueue(RETIRED_QUEUE, { name: RETIRED_QUEUE, policy: 'short', retryLimit: 7 });
    const done = await old.send(MAIL_NOTIFICATION_QUEUE, { ...topUp, data: [] }, MAIL_JOB_OPTIONS);
    const [taken] = await old.fetch(MAIL_NOTIFICATION_QUEUE);
    expect(taken?.id).toBe(done);
    await old.complete(MAIL_NOTIFICATION_QUEUE, done ?? '');
    await old.send(
      MAIL_NOTIFICATION_QUEUE,
      { ...topUp, data: [{ label: 'amount', value: '$5' }] },
      MAIL_JOB_OPTIONS,
    );
    // The single mail queue before the split.
    await old.send('mail', { kind: 'reset-password', userId: user.id, email: user.email });
    const later = new Date(Date.now() + 3_600_000);
    const waiting = await old.send(
      RETIRED_QUEUE,
      { step: 1 },
      { singletonKey: 'one', startAfter: later },
    );
    await old.stop({ graceful: false, wait: true });

    const upgraded = await createTestApp({ JOBS_SCHEMA: schema });
    try {
      const boss = upgraded.app.jobs;
      if (!boss) throw new Error('pg-boss 12 did not start');
      expect(await boss.schemaVersion()).toBeGreaterThan(24);
      const mail = await waitFor(() =>
        upgraded.notificationMails.find((request) => request.to === user.email),
      );
      expect(mail).toMatchObject({ purpose: 'notification', type: NOTIFICATION_TYPES.topUp });
      await waitFor(() =>
        upgraded.mails.find(
          (request) => request.to === user.email && request.purpose === 'reset-password',
        ),
      );
      expect(upgraded.notificationMails.filter((r) => r.to === user.email)).toHaveLength(1);
      // A finished job stays behind; a queue no worker makes keeps its options and its jobs.
      expect(await boss.getJobById(MAIL_NOTIFICATION_QUEUE, done ?? '')).toBeNull();
      expect(await boss.getQueue(RETIRED_QUEUE)).toMatchObject({ policy: 'short', retryLimit: 7 });
      const moved = await boss.getJobById(RETIRED_QUEUE, waiting ?? '');
      expect(moved).toMatchObject({ state: 'created', singletonKey: 'one', data: { step: 1 } });
      expect(moved?.startAfter.getTime()).toBe(later.getTime());
      const { rows } = await sql<{ gone: boolean }>`
        SELECT to_regnamespace(${v10SchemaOf(schema)}) IS NULL AS gone`.execute(ctx.database.db);
      expect(rows[0]?.gone).toBe(true);
    } finally {
      await upgraded.close();
    }
  });
});
