import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DbRoot } from '@proxy/db';
import {
  createTestApp,
  useTestApp,
  verifiedUser,
  waitFor,
  type TestContext,
} from '../../../test/helpers.ts';
import { buyTariff, creditBalance, customerWhoBought, loadShop } from '../../../test/shop.ts';
import { packageRow } from '../../../../../packages/db/test/package-row.ts';
import { NOTIFICATION_TYPES } from '../notifications/notifications.service.ts';
import { PROVISION_QUEUE } from '../packages/packages.jobs.ts';
import { MAIL_JOB_OPTIONS, MAIL_NOTIFICATION_QUEUE } from './jobs.queue.ts';
import { moveOutbox } from './outbox.ts';

const outboxRows = async (db: DbRoot, schema: string) =>
  (
    await db
      .selectFrom('job_outbox')
      .select(['queue', 'data'])
      .where('jobs_schema', '=', schema)
      .orderBy('id')
      .execute()
  ).map((row) => ({ queue: row.queue, data: row.data }));

/** The jobs pg-boss holds in `schema` for `queue` whose data has this field's value. */
const jobsWith = async (
  db: DbRoot,
  schema: string,
  queue: string,
  field: string,
  value: number,
) => {
  const { rows } = await sql<{ data: Record<string, unknown>; singleton_key: string | null }>`
    SELECT data, singleton_key FROM ${sql.table(`${schema}.job`)}
     WHERE name = ${queue} AND data->>${field} = ${String(value)}`.execute(db);
  return rows;
};

const isActive = async (db: DbRoot, packageId: number) =>
  (await packageRow(db, packageId)).status === 'active' ? true : undefined;

/** Whether the package-bought mail to `email` has been sent. */
const purchaseMailed = (ctx: TestContext, email: string) =>
  ctx.notificationMails.some(
    (mail) => mail.to === email && 'type' in mail && mail.type === NOTIFICATION_TYPES.packageBought,
  );

const bossOf = (ctx: TestContext): PgBoss => {
  if (!ctx.app.jobs) throw new Error('the job queue did not start');
  return ctx.app.jobs;
};

describe('the job outbox', () => {
  const ctx = useTestApp();
  beforeAll(() => loadShop(ctx.database.db));

  it('moves every purchase job into pg-boss exactly once, with parallel purchases and concurrent moves; a refused purchase writes none', async () => {
    const db = ctx.database.db;
    const schema = ctx.config.JOBS_SCHEMA;
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const user = await verifiedUser(ctx);
        await creditBalance(db, user.id, 1_000);
        return user;
      }),
    );
    const broke = await verifiedUser(ctx);

    const [bought, refused] = await Promise.all([
      Promise.all(buyers.map((user) => buyTariff(ctx, user.token, 'base-1gb'))),
      buyTariff(ctx, broke.token, 'base-1gb'),
      // Other movers of the same schema (more instances) racing this process's own.
      ...Array.from({ length: 5 }, () => moveOutbox(db, bossOf(ctx), schema)),
    ]);
    expect(bought.map((answer) => answer.statusCode)).toEqual(buyers.map(() => 200));
    expect(refused.statusCode).toBe(422);
    const packageIds = bought.map((answer) => answer.json<{ package_id: number }>().package_id);

    for (const packageId of packageIds) await waitFor(() => isActive(db, packageId));
    await waitFor(() =>
      buyers.every((user) => purchaseMailed(ctx, user.email)) ? true : undefined,
    );

    for (const [index, user] of buyers.entries()) {
      const provisioning = await jobsWith(
        db,
        schema,
        PROVISION_QUEUE,
        'packageId',
        packageIds[index] ?? 0,
      );
      expect(provisioning).toEqual([
        { data: { packageId: packageIds[index] }, singleton_key: `package:${packageIds[index]}` },
      ]);
      const mails = await jobsWith(db, schema, MAIL_NOTIFICATION_QUEUE, 'userId', user.id);
      expect(mails.map((job) => job.data.type)).toEqual([NOTIFICATION_TYPES.packageBought]);
    }
    expect(await jobsWith(db, schema, MAIL_NOTIFICATION_QUEUE, 'userId', broke.id)).toEqual([]);
    expect(await outboxRows(db, schema)).toEqual([]);
  });

  it('a queue that refuses its jobs holds back only its own: the package is provisioned, its mail waits in the outbox and is sent once the queue is back', async () => {
    const db = ctx.database.db;
    const schema = ctx.config.JOBS_SCHEMA;
    const boss = bossOf(ctx);
    await boss.deleteQueue(MAIL_NOTIFICATION_QUEUE);
    try {
      const { user, packageId } = await customerWhoBought(ctx, 'base-1gb');
      await waitFor(() => isActive(db, packageId));
      const waiting = await outboxRows(db, schema);
      expect(waiting.map((row) => row.queue)).toEqual([MAIL_NOTIFICATION_QUEUE]);
      expect(waiting[0]?.data).toMatchObject({
        userId: user.id,
        type: NOTIFICATION_TYPES.packageBought,
      });

      await boss.createQueue(MAIL_NOTIFICATION_QUEUE, MAIL_JOB_OPTIONS);
      await waitFor(() => (purchaseMailed(ctx, user.email) ? true : undefined));
      expect(await outboxRows(db, schema)).toEqual([]);
    } finally {
      await boss.createQueue(MAIL_NOTIFICATION_QUEUE, MAIL_JOB_OPTIONS);
    }
  });
});

describe('outbox rows a stopped process could not move', () => {
  it('are moved by the next process on the same JOBS_SCHEMA, once', async () => {
    const schema = `pgboss_outbox_${randomBytes(4).toString('hex')}`;
    const first = await createTestApp({ JOBS_SCHEMA: schema });
    let packageId: number;
    try {
      await loadShop(first.database.db);
      // Its provisioning queue refuses jobs, so the purchase's stays in the outbox.
      await bossOf(first).deleteQueue(PROVISION_QUEUE);
      ({ packageId } = await customerWhoBought(first, 'base-1gb'));
      await waitFor(async () =>
        (await outboxRows(first.database.db, schema)).length === 1 ? true : undefined,
      );
      expect(await outboxRows(first.database.db, schema)).toEqual([
        { queue: PROVISION_QUEUE, data: { packageId } },
      ]);
    } finally {
      await first.close();
    }

    const next = await createTestApp({ JOBS_SCHEMA: schema });
    try {
      await waitFor(() => isActive(next.database.db, packageId));
      expect(await outboxRows(next.database.db, schema)).toEqual([]);
      const jobs = await jobsWith(
        next.database.db,
        schema,
        PROVISION_QUEUE,
        'packageId',
        packageId,
      );
      expect(jobs).toHaveLength(1);
    } finally {
      await next.close();
    }
  });
});
