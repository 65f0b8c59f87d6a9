import { describe, expect, it } from 'vitest';
import type { Overview } from '@proxy/contract';
import { OVERVIEW_WINDOW_DAYS } from '@proxy/contract';
import { useTestApp, verifiedUser, type TestContext } from '../../../test/helpers.ts';
import { buyTariff, creditBalance, loadShop } from '../../../test/shop.ts';
import {
  activePackage,
  customerWithPackage,
  meter,
  setPackageColumns,
  waitUntilActive,
} from '../../../test/packages.ts';

const DAY_MS = 86_400_000;
const GB = 1024 ** 3;

const overviewOf = async (ctx: TestContext, token: string) => {
  const response = await ctx.api.request('GET', '/api/overview', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Overview }>().data;
};

const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

describe('GET /api/overview', () => {
  const ctx = useTestApp();

  it('sums the owner’s balance, running packages, 30-day spend and traffic, and nobody else’s', async () => {
    await loadShop(ctx.database.db);
    // $10 credited, two Base 1 GB ($1 each) bought: $8 left.
    const { user, packageId: later } = await activePackage(ctx, 'base-1gb');
    const second = await buyTariff(ctx, user.token, 'base-1gb');
    expect(second.statusCode, second.body).toBe(200);
    const soon = second.json<{ package_id: number }>().package_id;
    await waitUntilActive(ctx.database.db, soon);
    await setPackageColumns(ctx.database.db, later, { expires_at: daysFromNow(20) });
    await setPackageColumns(ctx.database.db, soon, { expires_at: daysFromNow(3) });
    // The first purchase happened before the window: only the second counts as spent.
    await ctx.database.db
      .updateTable('ledger_entries')
      .set({ created_at: daysFromNow(-(OVERVIEW_WINDOW_DAYS + 5)) })
      .where('user_id', '=', user.id)
      .where('ref_type', '=', 'package')
      .where('ref_id', '=', String(later))
      .execute();
    await meter(ctx.database.db, later, 2, 1_000, 20_000);
    await meter(ctx.database.db, soon, 2, 5, 7);
    await meter(ctx.database.db, later, 10 * 24, 300, 4_000);
    // Older than the window: in the period's usage, not in the chart.
    await meter(ctx.database.db, later, 40 * 24, 7_000, 80_000);
    // Another customer's package and usage count nowhere here.
    const other = await activePackage(ctx, 'base-1gb');
    await meter(ctx.database.db, other.packageId, 2, 999_999, 999_999);

    const overview = await overviewOf(ctx, user.token);
    expect(overview.balance).toBe(8);
    expect(overview.package_count).toBe(2);
    expect(overview.spend_30d).toBe(1);
    expect(overview.packages.map((p) => p.id)).toEqual([soon, later]);
    const usedLater = 1_000 + 20_000 + 300 + 4_000 + 7_000 + 80_000;
    expect(overview.packages[1]).toMatchObject({
      id: later,
      type: 'dynamic',
      tariff_name: 'Base 1 GB',
      status: 'active',
      days_left: 20,
      traffic_used_bytes: usedLater,
      traffic_limit_bytes: GB,
      traffic_left_bytes: GB - usedLater,
      is_expiring: false,
      renewal_price: 1,
    });
    expect(overview.packages[0]).toMatchObject({
      id: soon,
      days_left: 3,
      traffic_used_bytes: 12,
      is_expiring: true,
    });
    const traffic = overview.traffic_30d;
    expect(traffic.bucket).toBe('day');
    expect(traffic.points).toHaveLength(OVERVIEW_WINDOW_DAYS);
    expect(traffic.totals).toEqual({ bytes_up: 1_305, bytes_down: 24_007, bytes: 25_312 });
    // $8 renews the $1 expiring package.
    expect(overview.next_action).toEqual({ kind: 'extend', package_id: soon });

    const theirs = await overviewOf(ctx, other.user.token);
    expect(theirs.packages.map((p) => p.id)).toEqual([other.packageId]);
    expect(theirs.traffic_30d.totals.bytes).toBe(1_999_998);
    expect(theirs.spend_30d).toBe(1);
    expect(theirs.balance).toBe(9);
  });

  it('suggests buying to a customer without packages, topping up a low balance, and renewing what it can pay', async () => {
    await loadShop(ctx.database.db);
    const newcomer = await verifiedUser(ctx);
    const empty = await overviewOf(ctx, newcomer.token);
    expect(empty).toMatchObject({
      balance: 0,
      package_count: 0,
      packages: [],
      spend_30d: 0,
      next_action: { kind: 'buy', package_id: null },
    });
    expect(empty.traffic_30d.totals.bytes).toBe(0);

    // $1.50 credited, a $1 tariff bought: $0.50 left, under the low-balance line.
    const { user, packageId } = await customerWithPackage(ctx, 150, '/api/tariff/buy', {
      tariff_id: (
        await ctx.database.db
          .selectFrom('tariffs')
          .select('id')
          .where('key', '=', 'base-1gb')
          .executeTakeFirstOrThrow()
      ).id,
    });
    await setPackageColumns(ctx.database.db, packageId, { expires_at: daysFromNow(25) });
    expect((await overviewOf(ctx, user.token)).next_action).toEqual({
      kind: 'top_up',
      package_id: null,
    });
    // Expiring, and $0.50 cannot pay its $1 renewal: top up for it.
    await setPackageColumns(ctx.database.db, packageId, { expires_at: daysFromNow(2) });
    expect((await overviewOf(ctx, user.token)).next_action).toEqual({
      kind: 'top_up',
      package_id: packageId,
    });
    await creditBalance(ctx.database.db, user.id, 1_000);
    expect((await overviewOf(ctx, user.token)).next_action).toEqual({
      kind: 'extend',
      package_id: packageId,
    });
    // A package no longer running is counted but not shown; a deleted one is neither.
    await setPackageColumns(ctx.database.db, packageId, { status: 'inactive' });
    const stopped = await overviewOf(ctx, user.token);
    expect(stopped).toMatchObject({ package_count: 1, packages: [] });
    expect(stopped.next_action).toEqual({ kind: 'buy', package_id: null });
    await setPackageColumns(ctx.database.db, packageId, { deleted_at: new Date() });
    expect((await overviewOf(ctx, user.token)).package_count).toBe(0);
  });

  it('answers 401 without a session', async () => {
    const response = await ctx.api.request('GET', '/api/overview');
    expect(response.statusCode).toBe(401);
  });
});
