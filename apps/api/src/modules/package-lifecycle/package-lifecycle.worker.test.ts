import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  useScratchDatabase,
  verifiedUser,
  waitFor,
  type TestContext,
} from '../../../test/helpers.ts';
import { buyTariff, creditBalance, loadShop } from '../../../test/shop.ts';
import { waitUntilActive } from '../../../test/packages.ts';
import { LIFECYCLE_QUEUE } from './package-lifecycle.jobs.ts';

/**
 * The sweeps as the jobs plugin runs them: two API instances on one database and one pg-boss
 * schema, with the real clock. A database of this file's own: the job sweeps every package.
 */
describe('the lifecycle job of two API instances', () => {
  const own = useScratchDatabase('cabinet_lifecycle', { migrate: true });
  const apps: TestContext[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('expired packages are renewed or deactivated once, one job per interval whichever instance asks', async () => {
    const shared = {
      DATABASE_URL: own.scratch.url,
      JOBS_SCHEMA: 'pgboss_lifecycle',
      PACKAGE_LIFECYCLE_SWEEP_SECONDS: '1',
    };
    apps.push(await createTestApp(shared));
    apps.push(await createTestApp(shared));
    const [first, second] = apps as [TestContext, TestContext];
    const db = first.database.db;
    await loadShop(db);

    const buyer = async (autoUpdate: boolean) => {
      const user = await verifiedUser(first);
      await creditBalance(db, user.id, 1_000);
      const bought = await buyTariff(first, user.token, 'base-1gb');
      const packageId = bought.json<{ package_id: number }>().package_id;
      await waitUntilActive(first.database.db, packageId);
      const switched = await second.api.request('POST', `/api/packages/${packageId}/auto-update`, {
        token: user.token,
        payload: { auto_update: autoUpdate },
      });
      expect(switched.statusCode).toBe(200);
      return { user, packageId };
    };
    const renewing = await buyer(true);
    const lapsing = await buyer(false);
    const started = new Date();
    // Both expired a minute ago.
    await db
      .updateTable('packages')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', 'in', [renewing.packageId, lapsing.packageId])
      .execute();

    const row = (id: number) =>
      db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await waitFor(async () => {
      const [renewed, lapsed] = await Promise.all([
        row(renewing.packageId),
        row(lapsing.packageId),
      ]);
      return renewed.expires_at! > new Date() && lapsed.status === 'inactive' ? true : undefined;
    });
    // Several more sweeps (lifecycle jobs, whichever instance runs them) start after both
    // packages were seen done, and finish: nothing more happens.
    const {
      rows: [seen],
    } = await sql<{ at: Date }>`SELECT clock_timestamp() AS at`.execute(db);
    await waitFor(async () => {
      const { rows: done } = await sql<{ sweeps: number }>`
        SELECT count(*)::int AS sweeps FROM pgboss_lifecycle.job
        WHERE name = ${LIFECYCLE_QUEUE} AND state = 'completed' AND started_on >= ${seen?.at}`.execute(
        db,
      );
      return (done[0]?.sweeps ?? 0) >= 3 ? true : undefined;
    }, 15_000);
    const extensions = await db
      .selectFrom('ledger_entries')
      .select(['user_id', 'type', 'amount_cents'])
      .where('user_id', 'in', [renewing.user.id, lapsing.user.id])
      .where('type', 'like', 'extend%')
      .execute();
    expect(extensions).toEqual([
      { user_id: renewing.user.id, type: 'extend_dynamic', amount_cents: -100 },
    ]);
    const notes = await db
      .selectFrom('notifications')
      .select(['user_id', 'type'])
      .where('user_id', 'in', [renewing.user.id, lapsing.user.id])
      .where('type', 'in', ['notifications.package_renewed', 'notifications.package_expired'])
      .orderBy('user_id')
      .execute();
    expect(notes).toEqual([
      { user_id: renewing.user.id, type: 'notifications.package_renewed' },
      { user_id: lapsing.user.id, type: 'notifications.package_expired' },
    ]);

    // Both instances ask every second; pg-boss keeps one job per second.
    const { rows } = await sql<{ jobs: string; seconds: string }>`
      SELECT count(*) AS jobs,
        extract(epoch FROM max(created_on) - min(created_on)) AS seconds
      FROM pgboss_lifecycle.job
      WHERE name = ${LIFECYCLE_QUEUE} AND created_on >= ${started}`.execute(db);
    const { jobs, seconds } = rows[0] ?? { jobs: '0', seconds: '0' };
    expect(Number(jobs)).toBeGreaterThanOrEqual(3);
    expect(Number(jobs)).toBeLessThanOrEqual(Math.ceil(Number(seconds)) + 1);
  });
});
