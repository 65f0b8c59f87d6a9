import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  unlimUpgradePriceCents,
  unusedShare,
  upgradeDiscountPercent,
  upgradePriceCents,
} from '@proxy/contract';
import {
  createTestApp,
  useScratchDatabase,
  verifiedUser,
  type Registered,
  type TestContext,
} from '../../../test/helpers.ts';
import {
  addressHistory,
  catalogueByKey,
  creditBalance,
  heldAddresses,
  loadShop,
} from '../../../test/shop.ts';
import { setPackageColumns } from '../../../test/packages.ts';
import { balancesOf, countEntries, countOfType, ledgerMismatchesOf } from '../../../test/money.ts';

// A database of the file's own: ISP stock and released addresses are counted exactly.
const own = useScratchDatabase('package_changes', { migrate: true });
const ctx = {} as TestContext;
beforeAll(async () => {
  Object.assign(ctx, await createTestApp({ DATABASE_URL: own.scratch.url }));
  await loadShop(ctx.database.db);
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const DAY_MS = 86_400_000;

const { tariff, country, location } = catalogueByKey(db);
const row = (id: number) =>
  db().selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) => ctx.api.request(method, url, { token, headers, ...(payload ? { payload } : {}) });

/** A verified customer with `dollars` on the balance. */
const customer = async (dollars: number) => {
  const user = await verifiedUser(ctx);
  if (dollars > 0) await creditBalance(db(), user.id, Math.round(dollars * 100));
  return user;
};

/** Buys through the API and sets the status the test starts from (provisioning not awaited). */
const bought = async (
  user: Registered,
  url: string,
  payload: Record<string, unknown>,
  status: 'active' | 'inactive' = 'active',
) => {
  const response = await call('POST', url, user.token, payload);
  expect(response.statusCode, response.body).toBe(200);
  const id = response.json<{ package_id: number }>().package_id;
  await setPackageColumns(db(), id, { status });
  return id;
};
const buyDynamic = async (user: Registered, key: string, status?: 'active' | 'inactive') =>
  bought(user, '/api/tariff/buy', { tariff_id: (await tariff(key)).id }, status);
const buyIsp = async (user: Registered, key = 'isp-us-5', countryKey = 'isp-us') =>
  bought(user, '/api/tariff/buy-isp', {
    tariff_id: (await tariff(key)).id,
    country_id: (await country(countryKey)).id,
    period: 30,
  });
const buyUnlim = async (user: Registered, key: string, status?: 'active' | 'inactive') =>
  bought(
    user,
    '/api/tariff/buy-unlim',
    { tariff_id: (await tariff(key)).id, location_id: (await location('de-frankfurt')).id },
    status,
  );

const balance = async (userId: number) => (await balancesOf(ctx, userId)).balance_cents;
/**
 * The same upgrade (POST `url` to the tariff `key`) sent twice at once: exactly one is paid, the
 * other refused, and the balance drops once, by the price the paid one answered.
 */
const upgradeTwiceAtOnce = async (user: Registered, url: string, key: string) => {
  const target = await tariff(key);
  const before = await balance(user.id);
  const responses = await Promise.all(
    [1, 2].map(() => call('POST', url, user.token, { tariff_id: target.id })),
  );
  expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  const paid = responses.find((r) => r.statusCode === 200)!.json<{ price: number }>().price;
  expect(await balance(user.id)).toBe(before - Math.round(paid * 100));
};
const notificationTypes = async (token: string) =>
  (await call('GET', '/api/profile/notifications', token))
    .json<{ data: { type: string }[] }>()
    .data.map((n) => n.type);

describe('delete', () => {
  it('deletes with the account e-mail: hidden, cut off, history and money kept, notified', async () => {
    const user = await customer(10);
    const id = await buyDynamic(user, 'base-1gb');
    const entries = await countEntries(ctx, user.id);
    const response = await call('DELETE', `/api/packages/${id}`, user.token, {
      email: ` ${user.email.toUpperCase()} `,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'The package has been deleted.' });
    expect(await row(id)).toMatchObject({ status: 'deactivate', auto_update: false });
    expect((await row(id)).deleted_at).toBeInstanceOf(Date);
    expect((await call('GET', `/api/packages/${id}`, user.token)).statusCode).toBe(404);
    const list = (await call('GET', '/api/packages', user.token)).json<{
      packages: { data: { id: number }[]; meta: { total: number } };
    }>().packages;
    // Gone from the page and from its total (user_counts).
    expect(list).toMatchObject({ data: [], meta: { total: 0 } });
    expect(await countEntries(ctx, user.id)).toBe(entries);
    expect(await notificationTypes(user.token)).toContain('notifications.package_deleted');
    // Deleted is gone for every action, the lifecycle's too.
    const autoUpdate = await call('POST', `/api/packages/${id}/auto-update`, user.token, {
      auto_update: true,
    });
    expect(autoUpdate.statusCode).toBe(404);
    expect(
      (await call('DELETE', `/api/packages/${id}`, user.token, { email: user.email })).statusCode,
    ).toBe(404);
  });

  it('refuses a wrong or missing e-mail with a field error, changing nothing', async () => {
    const user = await customer(10);
    const id = await buyDynamic(user, 'base-1gb');
    const wrong = await call('DELETE', `/api/packages/${id}`, user.token, {
      email: 'someone-else@example.test',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { email: ['The e-mail does not match the e-mail of your account.'] },
    });
    const missing = await call('DELETE', `/api/packages/${id}`, user.token, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { email: ['Required field'] } });
    expect(await row(id)).toMatchObject({ status: 'active', deleted_at: null });
  });

  it("answers 404 for another user's, an unknown and a malformed id", async () => {
    const owner = await customer(10);
    const other = await customer(0);
    const id = await buyDynamic(owner, 'base-1gb');
    for (const url of [`/api/packages/${id}`, '/api/packages/999999999', '/api/packages/abc']) {
      const response = await call('DELETE', url, other.token, { email: other.email });
      expect(response.statusCode, url).toBe(404);
    }
    expect(await row(id)).toMatchObject({ status: 'active', deleted_at: null });
  });

  it('gives ISP addresses back to the pool, keeping who held them; they rest behind unused ones', async () => {
    const user = await customer(50);
    const id = await buyIsp(user, 'isp-gb-5', 'isp-gb');
    const { ips } = await row(id);
    expect(await addressHistory(db(), id)).toEqual(
      ips.map((ip) => ({ ip, reason: null, isOpen: true })),
    );
    const response = await call('DELETE', `/api/packages/${id}`, user.token, { email: user.email });
    expect(response.statusCode, response.body).toBe(200);
    expect(await heldAddresses(db(), user.id)).toEqual([]);
    expect(await addressHistory(db(), id)).toEqual(
      ips.map((ip) => ({ ip, reason: 'deleted', isOpen: false })),
    );
    // Never-used addresses go first: a released one rests before its next holder.
    const next = await customer(50);
    const nextId = await buyIsp(next, 'isp-gb-5', 'isp-gb');
    expect((await row(nextId)).ips.filter((ip) => ips.includes(ip))).toEqual([]);
  });

  it('refuses an active unlimited package on both routes; deletes it once inactive', async () => {
    const user = await customer(900);
    const id = await buyUnlim(user, 'unlim-7d-100mbps');
    for (const url of [`/api/packages/${id}`, `/api/unlim/packages/${id}`]) {
      const response = await call('DELETE', url, user.token, { email: user.email });
      expect(response.statusCode, url).toBe(409);
      expect(response.json()).toMatchObject({ code: 'UNLIM_ACTIVE_UNDELETABLE' });
    }
    await setPackageColumns(db(), id, { status: 'inactive' });
    const deleted = await call('DELETE', `/api/unlim/packages/${id}`, user.token, {
      email: user.email,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await row(id)).deleted_at).not.toBeNull();
  });

  it('the unlimited route serves unlimited packages only', async () => {
    const user = await customer(10);
    const id = await buyDynamic(user, 'base-1gb');
    const response = await call('DELETE', `/api/unlim/packages/${id}`, user.token, {
      email: user.email,
    });
    expect(response.statusCode).toBe(404);
    expect((await row(id)).deleted_at).toBeNull();
  });

  it('two deletes at once: one deletes, frees and notifies; the other is 404', async () => {
    const user = await customer(50);
    const id = await buyIsp(user, 'isp-de-5', 'isp-de');
    const responses = await Promise.all(
      [1, 2].map(() => call('DELETE', `/api/packages/${id}`, user.token, { email: user.email })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect((await addressHistory(db(), id)).map((held) => held.reason)).toEqual(
      Array(5).fill('deleted'),
    );
    const deletedNotes = (await notificationTypes(user.token)).filter(
      (t) => t === 'notifications.package_deleted',
    );
    expect(deletedNotes).toHaveLength(1);
  });
});

describe('ISP swap', () => {
  it('swaps once for new addresses of the same country; the old ones go back to the pool', async () => {
    const user = await customer(50);
    const id = await buyIsp(user);
    const old = (await row(id)).ips;
    const response = await call('POST', `/api/packages/${id}/swap`, user.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ success: boolean; ip: string[]; swaped: boolean }>();
    expect(body).toMatchObject({ success: true, swaped: true });
    expect(body.ip).toHaveLength(5);
    expect(body.ip.filter((ip) => old.includes(ip))).toEqual([]);
    for (const ip of body.ip) expect(ip).toMatch(/^127\.0\.1\./);
    const after = await row(id);
    expect(after.ips).toEqual(body.ip);
    expect(after.swapped_at).toBeInstanceOf(Date);
    // The history keeps the old holding, closed by the swap, beside the new one.
    expect(await addressHistory(db(), id)).toEqual([
      ...old.map((ip) => ({ ip, reason: 'swapped', isOpen: false })),
      ...body.ip.map((ip) => ({ ip, reason: null, isOpen: true })),
    ]);
    expect((await heldAddresses(db(), user.id)).sort()).toEqual([...body.ip].sort());
    expect(await notificationTypes(user.token)).toContain('notifications.isp_swapped');

    const second = await call('POST', `/api/packages/${id}/swap`, user.token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'PACKAGE_ALREADY_SWAPPED' });
    expect((await row(id)).ips).toEqual(body.ip);
  });

  it('two swaps at once: exactly one happens', async () => {
    const user = await customer(50);
    const id = await buyIsp(user);
    const responses = await Promise.all(
      [1, 2].map(() => call('POST', `/api/packages/${id}/swap`, user.token)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // One swap: 5 addresses given back, 5 held, never 10.
    const history = await addressHistory(db(), id);
    expect(history.filter((held) => held.reason === 'swapped')).toHaveLength(5);
    expect(history.filter((held) => held.isOpen)).toHaveLength(5);
    const winner = responses.find((r) => r.statusCode === 200)!;
    expect((await row(id)).ips).toEqual(winner.json<{ ip: string[] }>().ip);
    expect((await heldAddresses(db(), user.id)).sort()).toEqual(
      [...winner.json<{ ip: string[] }>().ip].sort(),
    );
  });

  it("is 404 for another user's package and for other families, 409 when inactive", async () => {
    const owner = await customer(60);
    const other = await customer(0);
    const isp = await buyIsp(owner);
    const dynamic = await buyDynamic(owner, 'base-1gb');
    expect((await call('POST', `/api/packages/${isp}/swap`, other.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/packages/${dynamic}/swap`, owner.token)).statusCode).toBe(404);
    await setPackageColumns(db(), isp, { status: 'inactive' });
    const inactive = await call('POST', `/api/packages/${isp}/swap`, owner.token);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toMatchObject({ code: 'PACKAGE_ACTION_UNAVAILABLE' });
    expect((await row(isp)).swapped_at).toBeNull();
  });
});

describe('restore', () => {
  /** An inactive package whose period ended `daysAgo` days ago. */
  const expired = async (id: number, daysAgo: number) =>
    setPackageColumns(db(), id, {
      status: 'inactive',
      expires_at: new Date(Date.now() - daysAgo * DAY_MS),
    });

  it('pays the 30-day price and starts a new period with fresh traffic', async () => {
    const user = await customer(20);
    const id = await buyDynamic(user, 'base-5gb');
    await expired(id, 1);
    await setPackageColumns(db(), id, { traffic_period_base_bytes: 0 });
    const before = await balance(user.id);
    const response = await call('POST', `/api/packages/${id}/restore`, user.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'The package has been restored.',
      price: 4.75,
    });
    expect(await balance(user.id)).toBe(before - 475);
    const after = await row(id);
    expect(after.status).toBe('active');
    expect(after.expires_at!.getTime()).toBeGreaterThan(Date.now() + 29.9 * DAY_MS);
    expect(after.traffic_period_started_at).toBeInstanceOf(Date);
    const entry = await db()
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      type: 'restore_dynamic',
      amount_cents: -475,
      ref_id: String(id),
    });
    expect(await notificationTypes(user.token)).toContain('notifications.package_restored');
    expect(await ledgerMismatchesOf(ctx, [user.id])).toEqual([]);
  });

  it('answers success false, taking nothing, past the grace window or when active', async () => {
    const user = await customer(20);
    const late = await buyDynamic(user, 'base-1gb');
    await expired(late, 60);
    const active = await buyDynamic(user, 'base-1gb');
    const before = await balance(user.id);
    for (const id of [late, active]) {
      const response = await call('POST', `/api/packages/${id}/restore`, user.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: false,
        message: 'This package can no longer be restored. Buy a new one instead.',
      });
    }
    expect(await balance(user.id)).toBe(before);
    expect((await row(late)).status).toBe('inactive');
  });

  it('refuses a short balance with the missing amount, changing nothing', async () => {
    // $1 buys the package and leaves nothing for the restore.
    const user = await customer(1);
    const id = await buyDynamic(user, 'base-1gb');
    await expired(id, 1);
    const response = await call('POST', `/api/packages/${id}/restore`, user.token);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'BALANCE_SHORT',
      message: 'Not enough money on your balance: $1 more is needed.',
    });
    expect(await row(id)).toMatchObject({ status: 'inactive' });
    expect(await balance(user.id)).toBe(0);
  });

  it("is 404 for another user's package", async () => {
    const owner = await customer(10);
    const other = await customer(10);
    const id = await buyDynamic(owner, 'base-1gb');
    await expired(id, 1);
    const response = await call('POST', `/api/packages/${id}/restore`, other.token);
    expect(response.statusCode).toBe(404);
    expect(await balance(other.id)).toBe(1000);
    expect((await row(id)).status).toBe('inactive');
  });

  it('two restores at once charge once; an Idempotency-Key retry answers the first response', async () => {
    const user = await customer(20);
    const id = await buyDynamic(user, 'base-1gb');
    await expired(id, 1);
    const before = await balance(user.id);
    const responses = await Promise.all(
      [1, 2].map(() => call('POST', `/api/packages/${id}/restore`, user.token)),
    );
    expect(responses.map((r) => r.json<{ success: boolean }>().success).sort()).toEqual([
      false,
      true,
    ]);
    expect(await balance(user.id)).toBe(before - 100);

    const again = await buyDynamic(user, 'base-1gb');
    await expired(again, 1);
    const headers = { 'idempotency-key': `restore-${again}` };
    const restore = () =>
      call('POST', `/api/packages/${again}/restore`, user.token, undefined, headers);
    const first = await restore();
    const retry = await restore();
    expect(first.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await balance(user.id)).toBe(before - 300);
    expect(await ledgerMismatchesOf(ctx, [user.id])).toEqual([]);
  });
});

describe('upgrade (dynamic and premium)', () => {
  it('moves to a larger tariff at the discounted price, with a new period and fresh traffic', async () => {
    const user = await customer(20);
    const id = await buyDynamic(user, 'base-1gb');
    const target = await tariff('base-5gb');
    // The panel's rule (decision 106): the unused share of the $1 paid, as a percent of the
    // $4.75 tariff (just bought, nothing used: 99 cents, 20%).
    const bought = await row(id);
    const percent = upgradeDiscountPercent(
      bought.price_cents,
      unusedShare({
        expiresAt: bought.expires_at,
        periodDays: bought.period_days,
        trafficLimitBytes: bought.traffic_limit_bytes,
        trafficUsedBytes: 0,
      }),
      target.price_cents,
    );
    expect(percent).toBe(20);
    const price = upgradePriceCents(target.price_cents, percent);
    const before = await balance(user.id);
    const response = await call('POST', `/api/packages/${id}/upgrade`, user.token, {
      tariff_id: target.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, price: price / 100 });
    expect(await balance(user.id)).toBe(before - price);
    const after = await row(id);
    expect(after).toMatchObject({
      tariff_id: target.id,
      traffic_limit_bytes: 5 * 1024 ** 3,
      status: 'active',
    });
    expect(await notificationTypes(user.token)).toContain('notifications.package_upgraded');
  });

  it('refuses a smaller, equal or other-family tariff with a field error', async () => {
    const user = await customer(20);
    const id = await buyDynamic(user, 'base-5gb');
    for (const key of ['base-1gb', 'base-5gb', 'premium-10gb', 'isp-us-1']) {
      const response = await call('POST', `/api/packages/${id}/upgrade`, user.token, {
        tariff_id: (await tariff(key)).id,
      });
      expect(response.statusCode, key).toBe(422);
      expect(response.json()).toMatchObject({
        errors: { tariff_id: ['Choose a larger tariff of the same kind as the package.'] },
      });
    }
  });

  it('refuses a short balance and foreign packages, changing nothing', async () => {
    const user = await customer(1);
    const id = await buyDynamic(user, 'base-1gb');
    const target = await tariff('base-100gb');
    const short = await call('POST', `/api/packages/${id}/upgrade`, user.token, {
      tariff_id: target.id,
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 'BALANCE_SHORT' });
    const other = await customer(100);
    const foreign = await call('POST', `/api/packages/${id}/upgrade`, other.token, {
      tariff_id: target.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await row(id)).tariff_id).toBe((await tariff('base-1gb')).id);
    expect(await balance(user.id)).toBe(0);
    expect(await balance(other.id)).toBe(10_000);
  });

  it('a restricted user cannot pay for a change (403), as for a purchase', async () => {
    const user = await customer(20);
    const id = await buyDynamic(user, 'base-1gb');
    await db()
      .updateTable('users')
      .set({ is_restricted: true })
      .where('id', '=', user.id)
      .execute();
    const response = await call('POST', `/api/packages/${id}/upgrade`, user.token, {
      tariff_id: (await tariff('base-5gb')).id,
    });
    expect(response.statusCode).toBe(403);
    expect((await row(id)).tariff_id).toBe((await tariff('base-1gb')).id);
  });

  it('an Idempotency-Key names one request: another package or tariff with it is 422', async () => {
    const user = await customer(100);
    const first = await buyDynamic(user, 'base-1gb');
    const second = await buyDynamic(user, 'base-1gb');
    const headers = { 'idempotency-key': `upgrade-${first}` };
    const body = { tariff_id: (await tariff('base-5gb')).id };
    const paid = await call('POST', `/api/packages/${first}/upgrade`, user.token, body, headers);
    expect(paid.statusCode, paid.body).toBe(200);
    const before = await balance(user.id);
    const retry = await call('POST', `/api/packages/${first}/upgrade`, user.token, body, headers);
    expect(retry.json()).toEqual(paid.json());
    for (const [url, payload] of [
      [`/api/packages/${second}/upgrade`, body],
      [`/api/packages/${first}/upgrade`, { tariff_id: (await tariff('base-10gb')).id }],
    ] as const) {
      const reused = await call('POST', url, user.token, payload, headers);
      expect(reused.statusCode, url).toBe(422);
      expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    }
    expect(await balance(user.id)).toBe(before);
    expect((await row(second)).tariff_id).toBe((await tariff('base-1gb')).id);
  });

  it('two upgrades at once change the package and the money once', async () => {
    const user = await customer(100);
    const id = await buyDynamic(user, 'premium-1gb');
    await upgradeTwiceAtOnce(user, `/api/packages/${id}/upgrade`, 'premium-5gb');
    expect(await countOfType(ctx, 'ledger_entries', user.id, 'upgrade_premium')).toBe(1);
  });
});

describe('unlimited speed upgrade', () => {
  it('offers faster tariffs of the same duration priced for the days left, and upgrades', async () => {
    const user = await customer(1_500);
    const id = await buyUnlim(user, 'unlim-7d-100mbps');
    // Two of the seven days are left.
    const expiresAt = new Date(Date.now() + 2 * DAY_MS);
    await setPackageColumns(db(), id, { expires_at: expiresAt });
    const options = await call('GET', `/api/unlim/${id}/upgrade`, user.token);
    expect(options.statusCode, options.body).toBe(200);
    const data = options.json<{ data: { id: number; speed_limit: number; price: number }[] }>()
      .data;
    expect(data.map((o) => o.speed_limit)).toEqual([200, 500]);
    const t200 = await tariff('unlim-7d-200mbps');
    const expected = unlimUpgradePriceCents({
      currentPriceCents: 89_000,
      targetPriceCents: t200.price_cents,
      durationDays: 7,
      expiresAtMs: expiresAt.getTime(),
      nowMs: Date.now(),
    });
    // Priced a moment ago: within a cent of now.
    expect(Math.abs(data[0]!.price * 100 - expected)).toBeLessThanOrEqual(1);

    const before = await balance(user.id);
    const response = await call('POST', `/api/unlim/${id}/upgrade`, user.token, {
      tariff_id: t200.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const paid = Math.round(response.json<{ price: number }>().price * 100);
    expect(Math.abs(paid - expected)).toBeLessThanOrEqual(1);
    expect(await balance(user.id)).toBe(before - paid);
    const after = await row(id);
    expect(after).toMatchObject({ speed_limit: 200, tariff_id: t200.id, price_cents: 119_000 });
    expect(after.expires_at).toEqual(expiresAt);
    const next = (await call('GET', `/api/unlim/${id}/upgrade`, user.token)).json<{
      data: { speed_limit: number }[];
    }>().data;
    expect(next.map((o) => o.speed_limit)).toEqual([500]);
  });

  it('refuses a slower, other-duration or unknown tariff, a short balance and foreign packages', async () => {
    const user = await customer(890);
    const id = await buyUnlim(user, 'unlim-7d-100mbps');
    for (const key of ['unlim-7d-100mbps', 'unlim-30d-200mbps']) {
      const response = await call('POST', `/api/unlim/${id}/upgrade`, user.token, {
        tariff_id: (await tariff(key)).id,
      });
      expect(response.statusCode, key).toBe(422);
    }
    const short = await call('POST', `/api/unlim/${id}/upgrade`, user.token, {
      tariff_id: (await tariff('unlim-7d-500mbps')).id,
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 'BALANCE_SHORT' });
    const other = await customer(5_000);
    expect((await call('GET', `/api/unlim/${id}/upgrade`, other.token)).statusCode).toBe(404);
    const foreign = await call('POST', `/api/unlim/${id}/upgrade`, other.token, {
      tariff_id: (await tariff('unlim-7d-200mbps')).id,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await row(id)).speed_limit).toBe(100);
    expect(await balance(other.id)).toBe(500_000);
  });

  it('two upgrades at once change the speed and the money once', async () => {
    const user = await customer(2_000);
    const id = await buyUnlim(user, 'unlim-7d-100mbps');
    await upgradeTwiceAtOnce(user, `/api/unlim/${id}/upgrade`, 'unlim-7d-500mbps');
    expect((await row(id)).speed_limit).toBe(500);
    expect(await ledgerMismatchesOf(ctx, [user.id])).toEqual([]);
  });
});
