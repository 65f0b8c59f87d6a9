import { inject, describe, expect, it } from 'vitest';
import type { PackageStatistics, StatisticsPeriod, SubUser, UsageSeries } from '@proxy/contract';
import { STATISTICS_PERIODS } from '@proxy/contract';
import { createTestApp, useTestApp, type TestContext } from '../../../test/helpers.ts';
import { customerWhoBought, loadShop } from '../../../test/shop.ts';
import { meterSubUser } from '../../../test/sub-users.ts';
import { hourAgo, meterHour } from '../../../test/usage.ts';

const packageOf = (ctx: TestContext, id: number) =>
  ctx.database.db
    .selectFrom('packages')
    .select(['uuid', 'package_key'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const statisticsOf = async (ctx: TestContext, token: string, path: string) => {
  const response = await ctx.api.request('GET', path, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: PackageStatistics }>().data;
};

const sumOf = (series: UsageSeries) =>
  series.points.reduce(
    (sum, point) => ({
      bytes_up: sum.bytes_up + point.bytes_up,
      bytes_down: sum.bytes_down + point.bytes_down,
    }),
    { bytes_up: 0, bytes_down: 0 },
  );

const totals = (up: number, down: number) => ({ bytes_up: up, bytes_down: down, bytes: up + down });

describe('package statistics', () => {
  const ctx = useTestApp();

  it('totals of every period are the sums of the metered rows, and each chart sums to its total', async () => {
    await loadShop(ctx.database.db);
    const { user, packageId } = await customerWhoBought(ctx, 'base-1gb');
    const { uuid, package_key } = await packageOf(ctx, packageId);
    // Hours away from every window's edge, so an hour turning during the test changes nothing.
    await meterHour(ctx.database.db, packageId, hourAgo(2), 1_000, 20_000);
    await meterHour(ctx.database.db, packageId, hourAgo(2), 5, 7); // a second flush, same hour
    await meterHour(ctx.database.db, packageId, hourAgo(50), 300, 4_000);
    await meterHour(ctx.database.db, packageId, hourAgo(20 * 24), 50_000, 600_000);
    await meterHour(ctx.database.db, packageId, hourAgo(45 * 24), 7_000_000, 80_000_000);
    // Another package's usage counts nowhere here.
    const other = await customerWhoBought(ctx, 'base-1gb');
    await meterHour(ctx.database.db, other.packageId, hourAgo(2), 999_999, 999_999);

    const expected = {
      daily: totals(1_005, 20_007),
      weekly: totals(1_305, 24_007),
      monthly: totals(51_305, 624_007),
      all: totals(7_051_305, 80_624_007),
    };
    const seen = new Map<StatisticsPeriod, PackageStatistics>();
    for (const period of STATISTICS_PERIODS) {
      const byUuid = await statisticsOf(ctx, user.token, `/api/statistics/${uuid}/${period}`);
      const byKey = await statisticsOf(
        ctx,
        user.token,
        `/api/orders/statistics/${package_key}/${period}`,
      );
      // The same answer, but for the status: provisioning may activate the package in between.
      expect(byKey).toEqual({
        ...byUuid,
        package: { ...byUuid.package, status: byKey.package.status },
      });
      expect(byUuid.totals).toEqual(expected);
      expect(byUuid.series.totals).toEqual(expected[period]);
      expect(sumOf(byUuid.series)).toEqual({
        bytes_up: expected[period].bytes_up,
        bytes_down: expected[period].bytes_down,
      });
      // The tariff's facts, by which the cabinet names it in the user's language.
      expect(byUuid.package).toMatchObject({
        id: packageId,
        uuid,
        package_key,
        type: 'dynamic',
        tariff_name: 'Base 1 GB',
        tariff_traffic: 1,
        tariff_ports: null,
        tariff_speed_limit: null,
        tariff_duration_days: 30,
      });
      seen.set(period, byUuid);
    }

    const daily = seen.get('daily')!.series;
    expect(daily.bucket).toBe('hour');
    expect(daily.points).toHaveLength(24);
    // The last point is the current hour; points are consecutive whole UTC hours.
    const lastHour = daily.points.at(-1)!.time;
    expect([hourAgo(0).toISOString(), hourAgo(-1).toISOString()]).toContain(lastHour);
    for (const [index, point] of daily.points.entries())
      expect(Date.parse(point.time)).toBe(Date.parse(daily.from) + index * 3_600_000);
    expect(daily.points.find((p) => p.bytes_up === 1_005)?.time).toBe(hourAgo(2).toISOString());
    expect(seen.get('weekly')!.series.points).toHaveLength(168);

    const monthly = seen.get('monthly')!.series;
    expect(monthly.bucket).toBe('day');
    expect(monthly.points).toHaveLength(30);
    for (const point of monthly.points) expect(point.time).toMatch(/T00:00:00\.000Z$/);
    // "all" starts at the first metered day (earlier than the purchase).
    const all = seen.get('all')!.series;
    expect(all.from).toBe(
      `${hourAgo(45 * 24)
        .toISOString()
        .slice(0, 10)}T00:00:00.000Z`,
    );
    expect(all.points[0]).toMatchObject({ bytes_up: 7_000_000, bytes_down: 80_000_000 });
  });

  it('a fresh package: zero totals, a zero-filled chart, "all" from the day it was bought', async () => {
    await loadShop(ctx.database.db);
    const { user, packageId } = await customerWhoBought(ctx, 'base-1gb');
    const { uuid } = await packageOf(ctx, packageId);
    const stats = await statisticsOf(ctx, user.token, `/api/statistics/${uuid}/all`);
    expect(stats.totals.all).toEqual(totals(0, 0));
    expect(stats.series.points).toHaveLength(1);
    expect(stats.series.points[0]).toEqual({
      time: `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`,
      bytes_up: 0,
      bytes_down: 0,
    });
  });

  it('sub_users splits the period by sub-user: live ones, deleted ones with bytes, most first', async () => {
    await loadShop(ctx.database.db);
    const { user, packageId } = await customerWhoBought(ctx, 'base-1gb');
    const { uuid, package_key } = await packageOf(ctx, packageId);
    const create = async (name: string) => {
      const response = await ctx.api.request('POST', `/api/packages/${packageId}/sub-users`, {
        token: user.token,
        payload: { name },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: SubUser }>().data;
    };
    const [small, big, idle, gone, goneIdle] = await Promise.all(
      ['Small', 'Big', 'Idle', 'Gone', 'Gone idle'].map(create),
    );
    const db = ctx.database.db;
    const meterOf = (sub: SubUser, hours: number, up: number, down: number) =>
      meterSubUser(db, { id: sub.id, packageId }, hourAgo(hours), up, down);
    await meterOf(small!, 2, 10, 90);
    await meterOf(small!, 30, 1_000, 0); // weekly, not daily
    await meterOf(big!, 3, 400, 600);
    await meterOf(gone!, 4, 5, 45);
    await meterOf(goneIdle!, 50, 7, 7); // outside the day
    await meterHour(db, packageId, hourAgo(2), 1, 1); // the package's own login
    for (const sub of [gone!, goneIdle!]) {
      const removed = await ctx.api.request(
        'DELETE',
        `/api/packages/${packageId}/sub-users/${sub.id}`,
        { token: user.token },
      );
      expect(removed.statusCode).toBe(204);
    }
    const share = (sub: SubUser, up: number, down: number, deleted = false) => ({
      id: sub.id,
      name: sub.name,
      login: sub.login,
      deleted,
      ...totals(up, down),
    });

    const daily = await statisticsOf(ctx, user.token, `/api/statistics/${uuid}/daily`);
    expect(daily.sub_users).toEqual([
      share(big!, 400, 600),
      share(small!, 10, 90),
      share(gone!, 5, 45, true),
      share(idle!, 0, 0),
    ]);
    // The package's total still counts every byte: its sub-users' and its own login's.
    expect(daily.totals.daily).toEqual(totals(416, 736));
    const byKey = await statisticsOf(
      ctx,
      user.token,
      `/api/orders/statistics/${package_key}/daily`,
    );
    expect(byKey.sub_users).toEqual(daily.sub_users);

    const weekly = await statisticsOf(ctx, user.token, `/api/statistics/${uuid}/weekly`);
    expect(weekly.sub_users).toEqual([
      share(small!, 1_010, 90),
      share(big!, 400, 600),
      share(gone!, 5, 45, true),
      share(goneIdle!, 7, 7, true),
      share(idle!, 0, 0),
    ]);
    // A package without sub-users has an empty split.
    const other = await customerWhoBought(ctx, 'base-1gb');
    const plain = await packageOf(ctx, other.packageId);
    expect(
      (await statisticsOf(ctx, other.user.token, `/api/statistics/${plain.uuid}/all`)).sub_users,
    ).toEqual([]);
  });

  it("another user's package, an unknown or malformed uuid or key, and a wrong period are 404", async () => {
    await loadShop(ctx.database.db);
    const owner = await customerWhoBought(ctx, 'base-1gb');
    const stranger = await customerWhoBought(ctx, 'base-1gb');
    const { uuid, package_key } = await packageOf(ctx, owner.packageId);
    const status = async (path: string, token = stranger.user.token) =>
      (await ctx.api.request('GET', path, { token })).statusCode;
    expect(await status(`/api/statistics/${uuid}/all`)).toBe(404);
    expect(await status(`/api/orders/statistics/${package_key}/daily`)).toBe(404);
    expect(
      await status(
        `/api/statistics/usage/${uuid}?bucket=day&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`,
      ),
    ).toBe(404);
    expect(await status(`/api/api-tools/${package_key}`)).toBe(404);
    expect(await status(`/api/statistics/00000000-0000-4000-8000-000000000000/all`)).toBe(404);
    expect(await status(`/api/statistics/not-a-uuid/all`)).toBe(404);
    expect(await status(`/api/orders/statistics/${package_key}x/all`)).toBe(404);
    expect(await status(`/api/statistics/${uuid}/yearly`, owner.user.token)).toBe(404);
    expect((await ctx.api.request('GET', `/api/statistics/${uuid}/all`)).statusCode).toBe(401);
    expect(await status(`/api/statistics/${uuid}/all`, owner.user.token)).toBe(200);
  });

  it('a range is checked: it must end after it starts and hold at most a month of hours', async () => {
    await loadShop(ctx.database.db);
    const { user, packageId } = await customerWhoBought(ctx, 'base-1gb');
    const { uuid } = await packageOf(ctx, packageId);
    const backwards = await ctx.api.request(
      'GET',
      `/api/statistics/usage/${uuid}?bucket=hour&from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`,
      { token: user.token },
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json<{ errors: Record<string, string[]> }>().errors.to).toEqual([
      'The end of the range must come after its start',
    ]);
    const tooLong = await ctx.api.request(
      'GET',
      `/api/statistics/usage/${uuid}?bucket=hour&from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z`,
      { token: user.token, language: 'ru' },
    );
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json<{ errors: Record<string, string[]> }>().errors.to).toEqual([
      'Слишком длинный диапазон: не более 744 точек',
    ]);
    const badDate = await ctx.api.request(
      'GET',
      `/api/statistics/usage/${uuid}?bucket=day&from=yesterday&to=2026-03-01T00:00:00Z`,
      { token: user.token },
    );
    expect(badDate.statusCode).toBe(422);
    expect(Object.keys(badDate.json<{ errors: Record<string, string[]> }>().errors)).toEqual([
      'from',
    ]);
  });
});

describe('usage buckets are UTC hours and days whatever the database session time zone', () => {
  // A database session in UTC+13: a day bucket taken in the session's zone would split
  // 2026-01-10 22:00Z and 23:00Z from 2026-01-11 00:00Z differently.
  const url = new URL(inject('databaseUrl'));
  url.searchParams.set('options', '-c TimeZone=Pacific/Auckland');
  const ctx = {} as TestContext;

  it('hour rows, day sums across UTC midnight, the range rounded out to whole buckets', async () => {
    Object.assign(ctx, await createTestApp({ DATABASE_URL: url.toString() }));
    try {
      await loadShop(ctx.database.db);
      const { user, packageId } = await customerWhoBought(ctx, 'base-1gb');
      const { uuid } = await packageOf(ctx, packageId);
      const db = ctx.database.db;
      await meterHour(db, packageId, new Date('2026-01-10T22:00:00Z'), 100, 200);
      await meterHour(db, packageId, new Date('2026-01-10T23:00:00Z'), 1, 2);
      await meterHour(db, packageId, new Date('2026-01-11T00:00:00Z'), 10, 20);
      await meterHour(db, packageId, new Date('2026-01-12T00:00:00Z'), 5, 5); // outside

      const usage = async (query: string) => {
        const response = await ctx.api.request('GET', `/api/statistics/usage/${uuid}?${query}`, {
          token: user.token,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ data: UsageSeries }>().data;
      };
      const days = await usage('bucket=day&from=2026-01-10T05:30:00Z&to=2026-01-11T12:00:00Z');
      expect(days).toEqual({
        bucket: 'day',
        from: '2026-01-10T00:00:00.000Z',
        to: '2026-01-12T00:00:00.000Z',
        points: [
          { time: '2026-01-10T00:00:00.000Z', bytes_up: 101, bytes_down: 202 },
          { time: '2026-01-11T00:00:00.000Z', bytes_up: 10, bytes_down: 20 },
        ],
        totals: totals(111, 222),
      });
      const hours = await usage('bucket=hour&from=2026-01-10T21:10:00Z&to=2026-01-11T00:30:00Z');
      expect(hours.points).toEqual([
        { time: '2026-01-10T21:00:00.000Z', bytes_up: 0, bytes_down: 0 },
        { time: '2026-01-10T22:00:00.000Z', bytes_up: 100, bytes_down: 200 },
        { time: '2026-01-10T23:00:00.000Z', bytes_up: 1, bytes_down: 2 },
        { time: '2026-01-11T00:00:00.000Z', bytes_up: 10, bytes_down: 20 },
      ]);
      // The default bucket is the hour.
      expect(
        (await usage('from=2026-01-10T22:00:00Z&to=2026-01-10T23:00:00Z')).points,
      ).toHaveLength(1);
    } finally {
      await ctx.close?.();
    }
  });
});
