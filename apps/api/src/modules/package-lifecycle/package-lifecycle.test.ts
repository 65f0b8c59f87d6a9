import { beforeAll, describe, expect, it } from 'vitest';
import { ispPriceCents } from '@proxy/contract';
import { useTestApp, verifiedUser, type Registered } from '../../../test/helpers.ts';
import { creditBalance, loadShop, tariffByKey } from '../../../test/shop.ts';
import { balancesOf, countEntries, ledgerMismatchesOf } from '../../../test/money.ts';
import {
  activePackage,
  customerWithPackage,
  meter,
  setPackageColumns,
} from '../../../test/packages.ts';
import { promoCommands } from '../promo/promo.commands.ts';

const GB = 1024 ** 3;
const DAY_MS = 86_400_000;

const ctx = useTestApp();
const db = () => ctx.database.db;
beforeAll(async () => {
  await loadShop(db());
});

const post = (token: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.api.request('POST', url, { token, payload: payload as Record<string, unknown>, headers });

const packageRow = (id: number) =>
  db().selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const balance = async (userId: number) => Number((await balancesOf(ctx, userId)).balance_cents);
const entriesOf = (userId: number) =>
  db()
    .selectFrom('ledger_entries')
    .select(['type', 'amount_cents', 'ref_type', 'ref_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const notificationsOf = async (user: Registered) => {
  const page = await ctx.api.request('GET', '/api/profile/notifications?per_page=50', {
    token: user.token,
  });
  expect(page.statusCode).toBe(200);
  return page.json<{ data: { type: string; data: { label: string; value: string }[] }[] }>().data;
};
/** The id of a catalogue row (unlimited location, ISP country) by its key. */
const idByKey = async (table: 'unlim_locations' | 'isp_countries', key: string) =>
  (await db().selectFrom(table).select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

/** An unlimited package of `key` in Frankfurt, bought with `cents` on the balance. */
const unlimPackage = async (key: string, cents: number) =>
  customerWithPackage(ctx, cents, '/api/tariff/buy-unlim', {
    tariff_id: (await tariffByKey(db(), key)).id,
    location_id: await idByKey('unlim_locations', 'de-frankfurt'),
  });

/** A 30-day ISP order of `isp-us-5`, bought with `cents` on the balance. */
const ispPackage = async (cents: number) =>
  customerWithPackage(ctx, cents, '/api/tariff/buy-isp', {
    tariff_id: (await tariffByKey(db(), 'isp-us-5')).id,
    country_id: await idByKey('isp_countries', 'isp-us'),
    period: 30,
  });

describe('extend a dynamic or premium package', () => {
  it('charges the tariff through the ledger, adds 30 days, renews the traffic with the unused rest and notifies', async () => {
    // $10 credited, Base 1 GB bought for $1: $9 left.
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    const before = await packageRow(packageId);
    await meter(db(), packageId, 1, 0, GB / 4);

    const response = await post(user.token, `/api/packages/${packageId}/extend`, {});
    expect(response.statusCode).toBe(200);
    const body = response.json<{ expired_at: string }>();
    expect(body).toMatchObject({ success: true, package_id: packageId, price: 1 });
    const after = await packageRow(packageId);
    expect(after.expires_at?.getTime()).toBe(before.expires_at!.getTime() + 30 * DAY_MS);
    expect(body.expired_at).toBe(after.expires_at?.toISOString());
    // A new traffic period: usage from zero, the tariff's 1 GB plus the 0.75 GB not used.
    expect(after.traffic_limit_bytes).toBe(GB + (GB * 3) / 4);
    expect(after.traffic_period_started_at).not.toBeNull();
    const detail = await ctx.api.request('GET', `/api/packages/${packageId}`, {
      token: user.token,
    });
    expect(detail.json()).toMatchObject({
      data: { status: 'active', traffic_used_bytes: 0, traffic_left_bytes: GB + (GB * 3) / 4 },
    });

    expect(await balance(user.id)).toBe(800);
    expect((await entriesOf(user.id)).at(-1)).toEqual({
      type: 'extend_dynamic',
      amount_cents: -100,
      ref_type: 'package',
      ref_id: String(packageId),
    });
    // The transactions table lists it with its type.
    const transactions = await ctx.api.request('GET', '/api/profile/transactions', {
      token: user.token,
    });
    expect(JSON.stringify(transactions.json())).toContain('extend_dynamic');
    const notes = await notificationsOf(user);
    expect(notes[0]?.type).toBe('notifications.package_extended');
    expect(notes[0]?.data.map((line) => line.label)).toEqual(['package', 'amount', 'date']);
    expect(await ledgerMismatchesOf(ctx, [user.id])).toEqual([]);
  });

  it('a premium package is an extend_premium entry at its own price', async () => {
    const { user, packageId } = await activePackage(ctx, 'premium-1gb');
    const response = await post(user.token, `/api/packages/${packageId}/extend`, {});
    expect(response.json()).toMatchObject({ success: true, price: 1.75 });
    expect((await entriesOf(user.id)).at(-1)).toMatchObject({
      type: 'extend_premium',
      amount_cents: -175,
    });
  });

  it('an exhausted (empty) package is running again after the extension', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    await meter(db(), packageId, 1, 0, GB);
    await setPackageColumns(db(), packageId, { status: 'empty' });
    const response = await post(user.token, `/api/packages/${packageId}/extend`, {});
    expect(response.statusCode).toBe(200);
    expect(await packageRow(packageId)).toMatchObject({
      status: 'active',
      traffic_limit_bytes: GB,
    });
  });
});

describe('refusals', () => {
  it("another user's package, an unknown, malformed or other-family id: 404 on every action, nothing changed", async () => {
    const owner = await activePackage(ctx, 'base-1gb');
    const unlim = await unlimPackage('unlim-7d-100mbps', 89_000);
    const stranger = await verifiedUser(ctx);
    await creditBalance(db(), stranger.id, 100_000);
    const before = await packageRow(owner.packageId);
    const attempts: [string, string, Record<string, unknown>][] = [
      [stranger.token, `/api/packages/${owner.packageId}/extend`, {}],
      [stranger.token, `/api/packages/${owner.packageId}/auto-update`, { auto_update: true }],
      [stranger.token, `/api/unlim/${unlim.packageId}/renew`, {}],
      [stranger.token, `/api/unlim/${unlim.packageId}/auto-update`, { auto_update: 1 }],
      [stranger.token, '/api/packages/999999999/extend', {}],
      [stranger.token, '/api/packages/abc/extend', {}],
      // Each route serves its own family only.
      [owner.user.token, `/api/unlim/${owner.packageId}/renew`, {}],
      [unlim.user.token, `/api/packages/${unlim.packageId}/extend`, {}],
      [unlim.user.token, `/api/packages/${unlim.packageId}/auto-update`, { auto_update: true }],
      // The unlimited renewal names the package's uuid: another uuid is another package.
      [unlim.user.token, `/api/unlim/${unlim.packageId}/renew`, { uuid: before.uuid }],
    ];
    for (const [token, url, payload] of attempts) {
      const response = await post(token, url, payload);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect(await packageRow(owner.packageId)).toEqual(before);
    expect(await balance(stranger.id)).toBe(100_000);
    expect(await countEntries(ctx, stranger.id)).toBe(1);
  });

  it('extend while auto-renew is on: 409 AUTO_RENEW_ENABLED, nothing charged; allowed again once off', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    const on = await post(user.token, `/api/packages/${packageId}/auto-update`, {
      auto_update: true,
    });
    expect(on.json()).toMatchObject({ success: true, auto_update: true });
    const before = await packageRow(packageId);
    expect(before.auto_update).toBe(true);

    const refused = await post(user.token, `/api/packages/${packageId}/extend`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'AUTO_RENEW_ENABLED' });
    expect(refused.json<{ message: string }>().message).toMatch(/auto-renewal/i);
    expect(await packageRow(packageId)).toEqual(before);
    expect(await balance(user.id)).toBe(900);

    const off = await post(user.token, `/api/packages/${packageId}/auto-update`, {
      auto_update: 0,
    });
    expect(off.json()).toMatchObject({ success: true, auto_update: false });
    expect((await post(user.token, `/api/packages/${packageId}/extend`, {})).statusCode).toBe(200);
  });

  it('insufficient balance: 422 BALANCE_SHORT naming what is missing, nothing changed', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-10gb');
    // $10 credited, $9 paid: $1 left for a $9 extension.
    const before = await packageRow(packageId);
    const entries = await countEntries(ctx, user.id);
    const refused = await post(user.token, `/api/packages/${packageId}/extend`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ success: false, code: 'BALANCE_SHORT' });
    expect(refused.json<{ message: string }>().message).toContain('$8');
    expect(await packageRow(packageId)).toEqual(before);
    expect(await balance(user.id)).toBe(100);
    expect(await countEntries(ctx, user.id)).toBe(entries);
    expect((await notificationsOf(user)).map((n) => n.type)).not.toContain(
      'notifications.package_extended',
    );
  });

  it('an inactive package is restored, not extended: 409 PACKAGE_NOT_EXTENDABLE', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    await setPackageColumns(db(), packageId, { status: 'inactive' });
    const refused = await post(user.token, `/api/packages/${packageId}/extend`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PACKAGE_NOT_EXTENDABLE' });
    const autoOn = await post(user.token, `/api/packages/${packageId}/auto-update`, {
      auto_update: true,
    });
    expect(autoOn.statusCode).toBe(409);
    expect(await balance(user.id)).toBe(900);
  });

  it('bad input is a 422 field error, never a 500', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    const noFlag = await post(user.token, `/api/packages/${packageId}/auto-update`, {});
    expect(noFlag.statusCode).toBe(422);
    expect(noFlag.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(noFlag.json<{ errors: Record<string, string[]> }>().errors.auto_update).toBeDefined();
    const badFlag = await post(user.token, `/api/packages/${packageId}/auto-update`, {
      auto_update: 'yes',
    });
    expect(badFlag.statusCode).toBe(422);
    const badPeriod = await post(user.token, `/api/packages/${packageId}/extend`, { period: 14 });
    expect(badPeriod.statusCode).toBe(422);
    expect(badPeriod.json<{ errors: Record<string, string[]> }>().errors.period).toBeDefined();
  });
});

describe('concurrent extensions', () => {
  it('never overdraw: with money for one extension, exactly one of five parallel requests is charged', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-10gb');
    await creditBalance(db(), user.id, 800); // $1 + $8 = one more $9 extension
    const before = await packageRow(packageId);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => post(user.token, `/api/packages/${packageId}/extend`, {})),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 422, 422, 422, 422]);
    expect(await balance(user.id)).toBe(0);
    expect((await packageRow(packageId)).expires_at?.getTime()).toBe(
      before.expires_at!.getTime() + 30 * DAY_MS,
    );
    const extensions = (await entriesOf(user.id)).filter((e) => e.type === 'extend_dynamic');
    expect(extensions).toHaveLength(1);
    expect(await ledgerMismatchesOf(ctx, [user.id])).toEqual([]);
  });

  it('never double-charge: parallel requests with one Idempotency-Key are one extension, the same answer', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    const before = await packageRow(packageId);
    const key = `extend-${packageId}`;
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(user.token, `/api/packages/${packageId}/extend`, {}, { 'idempotency-key': key }),
      ),
    );
    // Each waits for the first to commit, then replays its answer.
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await balance(user.id)).toBe(800);
    expect((await packageRow(packageId)).expires_at?.getTime()).toBe(
      before.expires_at!.getTime() + 30 * DAY_MS,
    );
    // The same key with another request is refused.
    const reused = await post(
      user.token,
      `/api/packages/${packageId}/extend`,
      { period: 7 },
      { 'idempotency-key': key },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });
});

describe('ISP packages', () => {
  it('extend by the chosen period at the purchase price of that period (default: its own)', async () => {
    const tariffCents = 1_200;
    const month = ispPriceCents({ priceCents: tariffCents, ports: 5 }, 30);
    const week = ispPriceCents({ priceCents: tariffCents, ports: 5 }, 7);
    const { user, packageId } = await ispPackage(month + month + week);
    const start = (await packageRow(packageId)).expires_at!.getTime();

    const weekly = await post(user.token, `/api/packages/${packageId}/extend`, { period: 7 });
    expect(weekly.json()).toMatchObject({ success: true, price: week / 100 });
    expect(await packageRow(packageId)).toMatchObject({
      period_days: 7,
      traffic_limit_bytes: null,
    });
    expect((await packageRow(packageId)).expires_at?.getTime()).toBe(start + 7 * DAY_MS);
    expect((await entriesOf(user.id)).at(-1)).toMatchObject({
      type: 'extend_isp',
      amount_cents: -week,
    });
    // No period: the package's own (7 days now).
    const again = await post(user.token, `/api/packages/${packageId}/extend`, {});
    expect(again.json()).toMatchObject({ price: week / 100 });
    const monthly = await post(user.token, `/api/packages/${packageId}/extend`, { period: '30' });
    expect(monthly.statusCode).toBe(422);
    expect(monthly.json()).toMatchObject({ code: 'BALANCE_SHORT' });
    expect(await balance(user.id)).toBe(month - week);
  });
});

describe('unlimited packages', () => {
  it('renew {uuid, promoName} at the tariff price with a promo as at purchase, recorded once', async () => {
    const { user, packageId } = await unlimPackage('unlim-7d-100mbps', 89_000 + 89_000);
    const row = await packageRow(packageId);
    const code = `RENEW${packageId}`;
    await promoCommands['promo:create']!.run(db(), [code, '--percent', '10', '--per-user', '1']);

    const renewed = await post(user.token, `/api/unlim/${packageId}/renew`, {
      uuid: row.uuid,
      promoName: code.toLowerCase(),
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ success: true, price: 801 });
    expect((await packageRow(packageId)).expires_at?.getTime()).toBe(
      row.expires_at!.getTime() + 7 * DAY_MS,
    );
    expect((await entriesOf(user.id)).at(-1)).toMatchObject({
      type: 'extend_unlim',
      amount_cents: -80_100,
    });
    // The per-user limit holds: a second renewal with the code is refused, nothing charged.
    const again = await post(user.token, `/api/unlim/${packageId}/renew`, { promoName: code });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'PROMO_INVALID' });
    expect(again.json<{ errors: Record<string, string[]> }>().errors.promo).toBeDefined();
    expect(await balance(user.id)).toBe(89_000 - 80_100);
    // Without a promo the balance is short.
    const short = await post(user.token, `/api/unlim/${packageId}/renew`, { promoName: '' });
    expect(short.json()).toMatchObject({ code: 'BALANCE_SHORT' });
  });

  it('auto-renew on and off; refused for a 1-day tariff, whose renewal still works', async () => {
    const weekly = await unlimPackage('unlim-7d-100mbps', 89_000);
    const on = await post(weekly.user.token, `/api/unlim/${weekly.packageId}/auto-update`, {
      auto_update: true,
    });
    expect(on.json()).toMatchObject({ success: true, auto_update: true });
    const detail = await ctx.api.request('GET', `/api/packages/${weekly.packageId}`, {
      token: weekly.user.token,
    });
    expect(detail.json()).toMatchObject({ data: { auto_update: true } });
    const renew = await post(weekly.user.token, `/api/unlim/${weekly.packageId}/renew`, {});
    expect(renew.json()).toMatchObject({ code: 'AUTO_RENEW_ENABLED' });

    const daily = await unlimPackage('unlim-1d-100mbps', 26_500 * 2);
    const refused = await post(daily.user.token, `/api/unlim/${daily.packageId}/auto-update`, {
      auto_update: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'AUTO_RENEW_UNAVAILABLE' });
    expect((await packageRow(daily.packageId)).auto_update).toBe(false);
    const off = await post(daily.user.token, `/api/unlim/${daily.packageId}/auto-update`, {
      auto_update: false,
    });
    expect(off.statusCode).toBe(200);
    const renewed = await post(daily.user.token, `/api/unlim/${daily.packageId}/renew`, {});
    expect(renewed.json()).toMatchObject({ success: true, price: 265 });
  });
});
