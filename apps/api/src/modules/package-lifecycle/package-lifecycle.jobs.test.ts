import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type Registered } from '../../../test/helpers.ts';
import { balancesOf, ledgerMismatchesOf } from '../../../test/money.ts';
import { activePackage, activePackages, meter } from '../../../test/packages.ts';
import { notifyPackageEvents } from '../packages/package-events.jobs.ts';
import {
  runLifecycleSweeps,
  sendExpiryReminders,
  sendTrafficWarnings,
  sweepExpiredPackages,
} from './package-lifecycle.jobs.ts';
import { loadShop } from '../../../test/shop.ts';

const GB = 1024 ** 3;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const ctx = useTestApp();
const db = () => ctx.database.db;
beforeAll(async () => {
  await loadShop(db());
});

const post = (token: string, url: string, payload: Record<string, unknown>) =>
  ctx.api.request('POST', url, { token, payload });
const packageRow = (id: number) =>
  db().selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const expiryOf = async (id: number) => (await packageRow(id)).expires_at!.getTime();
const balance = async (userId: number) => Number((await balancesOf(ctx, userId)).balance_cents);
const statusOf = async (user: Registered, id: number) =>
  (await ctx.api.request('GET', `/api/packages/${id}`, { token: user.token })).json<{
    data: { status: string; expired_at: string };
  }>().data;
/** The user's notifications of `type`, through GET /api/profile/notifications. */
const notified = async (user: Registered, type: string) => {
  const page = await ctx.api.request('GET', '/api/profile/notifications?per_page=50', {
    token: user.token,
  });
  expect(page.statusCode).toBe(200);
  return page
    .json<{ data: { type: string; data: { label: string; value: string }[] }[] }>()
    .data.filter((n) => n.type === `notifications.${type}`);
};
const entriesOf = (userId: number) =>
  db()
    .selectFrom('ledger_entries')
    .select(['type', 'amount_cents'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
/** Several workers running the same sweep at the same moment, as several API instances do. */
const concurrently = <T>(workers: number, run: () => Promise<T>) =>
  Promise.all(Array.from({ length: workers }, run));

describe('at expiry', () => {
  it('auto-renew charges and extends exactly once while four workers sweep the same packages at once', async () => {
    const owners = await activePackages(ctx, ['base-1gb', 'base-1gb', 'premium-1gb']);
    for (const { user, packageId } of owners) {
      const on = await post(user.token, `/api/packages/${packageId}/auto-update`, {
        auto_update: true,
      });
      expect(on.statusCode).toBe(200);
    }
    const userIds = owners.map((o) => o.user.id);
    const expiries = await Promise.all(owners.map((o) => expiryOf(o.packageId)));
    const now = new Date(Math.max(...expiries) + MINUTE_MS);

    // A minute before its expiry nothing is due.
    const early = await sweepExpiredPackages(db(), {
      now: new Date(Math.min(...expiries) - MINUTE_MS),
      userIds,
    });
    expect(early).toEqual({ renewed: 0, short: 0, expired: 0 });

    const results = await concurrently(4, () => sweepExpiredPackages(db(), { now, userIds }));
    expect(results.reduce((sum, r) => sum + r.renewed, 0)).toBe(3);
    expect(results.reduce((sum, r) => sum + r.short + r.expired, 0)).toBe(0);

    for (const [index, { user, packageId }] of owners.entries()) {
      const price = index === 2 ? 175 : 100;
      expect(await balance(user.id)).toBe(1_000 - 2 * price);
      expect((await entriesOf(user.id)).filter((e) => e.type.startsWith('extend_'))).toEqual([
        { type: index === 2 ? 'extend_premium' : 'extend_dynamic', amount_cents: -price },
      ]);
      const detail = await statusOf(user, packageId);
      expect(detail.status).toBe('active');
      // From the sweep's moment: the minute after the expiry was not served.
      expect(new Date(detail.expired_at).getTime()).toBe(now.getTime() + 30 * DAY_MS);
      const renewed = await notified(user, 'package_renewed');
      expect(renewed).toHaveLength(1);
      expect(renewed[0]?.data.map((line) => line.label)).toEqual(['package', 'amount', 'date']);
    }
    // The same sweep again (a retried job): nothing is due any more.
    expect(await sweepExpiredPackages(db(), { now, userIds })).toEqual({
      renewed: 0,
      short: 0,
      expired: 0,
    });
    expect(await ledgerMismatchesOf(ctx, userIds)).toEqual([]);
  });

  it('a short balance: inactive, a failed extend entry and a notification; no auto-renew: inactive and told', async () => {
    // $10 credited, Base 10 GB bought for $9: $1 left for a $9 renewal.
    const short = await activePackage(ctx, 'base-10gb');
    await post(short.user.token, `/api/packages/${short.packageId}/auto-update`, {
      auto_update: true,
    });
    const lapsing = await activePackage(ctx, 'base-1gb');
    const userIds = [short.user.id, lapsing.user.id];
    const now = new Date(
      Math.max(await expiryOf(short.packageId), await expiryOf(lapsing.packageId)) + MINUTE_MS,
    );

    const results = await concurrently(2, () => sweepExpiredPackages(db(), { now, userIds }));
    expect(results.reduce((sum, r) => sum + r.short, 0)).toBe(1);
    expect(results.reduce((sum, r) => sum + r.expired, 0)).toBe(1);

    expect((await statusOf(short.user, short.packageId)).status).toBe('inactive');
    expect(await balance(short.user.id)).toBe(100);
    expect((await entriesOf(short.user.id)).at(-1)).toEqual({
      type: 'extend_dynamic_error',
      amount_cents: 0,
    });
    const failed = await notified(short.user, 'package_renewal_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.data).toEqual([
      { label: 'package', value: `Base 10 GB #${short.packageId}` },
      { label: 'amount', value: '$9' },
    ]);
    // The transactions table shows the failure with its type.
    const transactions = await ctx.api.request('GET', '/api/profile/transactions', {
      token: short.user.token,
    });
    expect(JSON.stringify(transactions.json())).toContain('extend_dynamic_error');

    expect((await statusOf(lapsing.user, lapsing.packageId)).status).toBe('inactive');
    expect(await balance(lapsing.user.id)).toBe(900);
    expect(await notified(lapsing.user, 'package_expired')).toHaveLength(1);
    expect(await notified(lapsing.user, 'package_renewed')).toHaveLength(0);

    // Later sweeps leave inactive packages alone.
    const later = new Date(now.getTime() + DAY_MS);
    expect(await sweepExpiredPackages(db(), { now: later, userIds })).toEqual({
      renewed: 0,
      short: 0,
      expired: 0,
    });
    expect(await notified(lapsing.user, 'package_expired')).toHaveLength(1);
    // An inactive package is not extended (restored instead).
    const extend = await post(lapsing.user.token, `/api/packages/${lapsing.packageId}/extend`, {});
    expect(extend.statusCode).toBe(409);
  });
});

describe('a customer extending at the moment of expiry', () => {
  it('the extension and the sweep never both act: either extended once or inactive, never charged twice', async () => {
    const owners = await activePackages(ctx, ['base-1gb', 'base-1gb', 'base-1gb']);
    const userIds = owners.map((o) => o.user.id);
    const now = new Date(
      Math.max(...(await Promise.all(owners.map((o) => expiryOf(o.packageId))))) + MINUTE_MS,
    );
    const [extensions] = await Promise.all([
      Promise.all(owners.map((o) => post(o.user.token, `/api/packages/${o.packageId}/extend`, {}))),
      concurrently(2, () => sweepExpiredPackages(db(), { now, userIds })),
    ]);
    for (const [index, { user, packageId }] of owners.entries()) {
      const row = await packageRow(packageId);
      const charged = (await entriesOf(user.id)).filter((e) => e.type === 'extend_dynamic');
      if (extensions[index]?.statusCode === 200) {
        // Extended first: still running, charged once (the sweep found it no longer due).
        expect(charged).toHaveLength(1);
        expect(row.status).toBe('active');
      } else {
        // Swept first: inactive, then the extension is refused and nothing is charged.
        expect(extensions[index]?.statusCode).toBe(409);
        expect(charged).toHaveLength(0);
        expect(row.status).toBe('inactive');
        expect(await notified(user, 'package_expired')).toHaveLength(1);
      }
    }
    expect(await ledgerMismatchesOf(ctx, userIds)).toEqual([]);
  });
});

describe('expiry reminders', () => {
  it('3 days and 1 day before, each once however many workers sweep; an extension is reminded again', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    const scope = { userIds: [user.id] };
    const expiry = await expiryOf(packageId);
    const at = (msBefore: number) => ({ ...scope, now: new Date(expiry - msBefore) });

    expect(await sendExpiryReminders(db(), at(4 * DAY_MS))).toBe(0);
    const first = await concurrently(3, () => sendExpiryReminders(db(), at(2.5 * DAY_MS)));
    expect(first.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendExpiryReminders(db(), at(2 * DAY_MS))).toBe(0);
    const second = await concurrently(3, () => sendExpiryReminders(db(), at(DAY_MS / 2)));
    expect(second.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendExpiryReminders(db(), at(MINUTE_MS))).toBe(0);

    const reminders = await notified(user, 'package_expiring');
    expect(reminders).toHaveLength(2);
    expect(reminders[0]?.data.map((line) => line.label)).toEqual(['package', 'date']);
    expect(reminders[0]?.data[1]?.value).toBe(new Date(expiry).toISOString());

    // Extended: the new expiry gets its own reminders; with auto-renew on they say the price.
    expect((await post(user.token, `/api/packages/${packageId}/extend`, {})).statusCode).toBe(200);
    await post(user.token, `/api/packages/${packageId}/auto-update`, { auto_update: true });
    const next = await expiryOf(packageId);
    expect(next).toBe(expiry + 30 * DAY_MS);
    expect(await sendExpiryReminders(db(), { ...scope, now: new Date(next - 2 * DAY_MS) })).toBe(1);
    const upcoming = await notified(user, 'package_renewal_upcoming');
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]?.data.find((line) => line.label === 'amount')?.value).toBe('$1');
    expect(await notified(user, 'package_expiring')).toHaveLength(2);
  });
});

describe('traffic warnings', () => {
  const lease = (packageId: number) =>
    sql`SELECT gateway_lease_traffic(${packageId}, ${GB})`.execute(db());
  const markEmpty = (packageId: number) =>
    sql`SELECT gateway_mark_traffic_empty(${packageId})`.execute(db());

  it('low at 10% left and exhausted at 0, once per traffic period each; a renewal starts a new period', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    const scope = { userIds: [user.id] };
    await meter(db(), packageId, 2, 0, Math.floor(GB * 0.85));
    expect(await sendTrafficWarnings(db(), scope)).toBe(0);

    await meter(db(), packageId, 1, 0, Math.floor(GB * 0.1));
    const low = await concurrently(3, () => sendTrafficWarnings(db(), scope));
    expect(low.reduce((a, b) => a + b, 0)).toBe(1);
    const lows = await notified(user, 'traffic_low');
    expect(lows).toHaveLength(1);
    expect(lows[0]?.data).toEqual([
      { label: 'package', value: `Base 1 GB #${packageId}` },
      { label: 'percent', value: '5%' },
    ]);
    expect(await sendTrafficWarnings(db(), scope)).toBe(0);

    // Used up: the exhaustion warning, once, also when the gateway reports it afterwards.
    await meter(db(), packageId, 0, 0, GB);
    const exhausted = await concurrently(3, () => sendTrafficWarnings(db(), scope));
    expect(exhausted.reduce((a, b) => a + b, 0)).toBe(1);
    await lease(packageId);
    await markEmpty(packageId);
    expect((await packageRow(packageId)).status).toBe('empty');
    await notifyPackageEvents(db());
    expect(await notified(user, 'traffic_exhausted')).toHaveLength(1);
    expect(await notified(user, 'traffic_low')).toHaveLength(1);

    // Extended: a new period with the tariff's traffic, warned again when it runs low.
    expect((await post(user.token, `/api/packages/${packageId}/extend`, {})).statusCode).toBe(200);
    expect(await sendTrafficWarnings(db(), scope)).toBe(0);
    await meter(db(), packageId, 0, 0, Math.floor(GB * 0.95));
    expect(await sendTrafficWarnings(db(), scope)).toBe(1);
    expect(await notified(user, 'traffic_low')).toHaveLength(2);
  });

  it("the gateway's exhaustion report first: the sweep does not repeat it", async () => {
    const { user, packageId } = await activePackage(ctx, 'premium-1gb');
    await meter(db(), packageId, 0, 0, GB - 1_000);
    await lease(packageId);
    await lease(packageId);
    await markEmpty(packageId);
    await notifyPackageEvents(db());
    expect(await notified(user, 'traffic_exhausted')).toHaveLength(1);
    expect(await sendTrafficWarnings(db(), { userIds: [user.id] })).toBe(0);
    expect(await notified(user, 'traffic_exhausted')).toHaveLength(1);
  });
});

describe('all sweeps together', () => {
  it('runLifecycleSweeps at a given moment: the expiry first, then nothing left to remind', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    await post(user.token, `/api/packages/${packageId}/auto-update`, { auto_update: true });
    const expiry = await expiryOf(packageId);
    const now = new Date(expiry + MINUTE_MS);
    const done = await runLifecycleSweeps(db(), { now, userIds: [user.id] });
    expect(done).toEqual({
      expiry: { renewed: 1, short: 0, expired: 0 },
      reminders: 0,
      warnings: 0,
      alerts: { expiry: 0, traffic: 0 },
      addressesReleased: 0,
    });
    expect(await expiryOf(packageId)).toBe(now.getTime() + 30 * DAY_MS);
  });
});
