import { beforeAll, describe, expect, it } from 'vitest';
import { ispPriceCents } from '@proxy/contract';
import { bearer, registerUser, useTestApp, verifiedUser } from '../../../test/helpers.ts';
import { catalogueByKey, creditBalance, heldAddresses, loadShop } from '../../../test/shop.ts';
import { checkLedger } from '../ledger/ledger.service.ts';
import { findBalance } from '../ledger/ledger.repository.ts';
import { promoCommands } from '../promo/promo.commands.ts';
import { balanceCommands } from './balance.commands.ts';

const ctx = useTestApp();
beforeAll(async () => {
  await loadShop(ctx.database.db);
});

const db = () => ctx.database.db;

const customer = async (dollars = 0, verified = true) => {
  const user = verified ? await verifiedUser(ctx) : await registerUser(ctx.app);
  if (dollars > 0) await creditBalance(db(), user.id, Math.round(dollars * 100));
  return user;
};

const { tariff: tariffByKey, country: countryByKey, location: locationByKey } = catalogueByKey(db);
/** POST /api/tariff/buy-isp: a 30-day order of `tariff` in `country`; `fields` add or override. */
const buyIsp = (
  token: string,
  country: { id: number },
  tariff: { id: number },
  fields: Record<string, unknown> = {},
) =>
  post(token, '/api/tariff/buy-isp', {
    country_id: country.id,
    period: 30,
    tariff_id: tariff.id,
    ...fields,
  });
const balance = async (id: number) => (await findBalance(db(), id, 'main')) ?? -1;
const packageCount = async (userId: number) =>
  Number(
    (
      await db()
        .selectFrom('packages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
/** What a user has after buying: packages and the main balance in cents. */
const holdings = async (userId: number) => ({
  packages: await packageCount(userId),
  balance: await balance(userId),
});

const post = (token: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { ...bearer(token), ...headers },
  });

let promoSeq = 0;
const promo = async (args: string) => {
  promoSeq += 1;
  const code = `T${Date.now().toString(36)}${promoSeq}`.toUpperCase();
  await promoCommands['promo:create']!.run(db(), [code, ...args.split(' ').filter(Boolean)]);
  return code;
};

describe('catalogue reads', () => {
  it('lists each family in the spec field names', async () => {
    const base = (await ctx.app.inject({ url: '/api/tariffs?type=1' })).json<{
      data: { title: string; price: number; per_gb: number; traffic: number }[];
    }>();
    expect(base.data[0]).toMatchObject({ title: 'Base 1 GB', price: 1, traffic: 1, per_gb: 1 });
    expect(base.data.find((t) => t.traffic === 5)).toMatchObject({ price: 4.75, per_gb: 0.95 });
    const premium = (await ctx.app.inject({ url: '/api/tariffs?type=4' })).json<{
      data: { price: number }[];
    }>();
    expect(premium.data[0]?.price).toBe(1.75);
    const unlim = (await ctx.app.inject({ url: '/api/tariffs?type=6' })).json<{
      data: { price: number; duration_days: number; speed_limit: number }[];
    }>();
    expect(Math.min(...unlim.data.map((t) => t.price))).toBe(265);
    const isp = (await ctx.app.inject({ url: '/api/tariffs?type=5' })).json<{
      data: { ports: number }[];
    }>();
    expect(isp.data.length).toBeGreaterThan(0);
    expect((await ctx.app.inject({ url: '/api/tariffs?type=2' })).statusCode).toBe(422);
  });

  it('ISP countries, periods and per-country tariffs below the free count', async () => {
    const countries = (await ctx.app.inject({ url: '/api/isp/countries' })).json<{
      data: { id: number; label: string; count: number }[];
    }>();
    // Each count is the country's free addresses (the demo inventory's blocks, less sold);
    // France has no block, so nothing to sell.
    for (const country of countries.data)
      if (country.label === 'France') expect(country.count).toBe(0);
      else expect(country.count).toBeGreaterThan(0);
    const periods = (await ctx.app.inject({ url: '/api/isp/periods' })).json<
      Record<string, { days: number }>
    >();
    expect(Object.keys(periods)).toEqual(['1', '7', '30', '90']);
    const gb = countries.data.find((c) => c.label === 'United Kingdom')!;
    const tariffs = (await ctx.app.inject({ url: `/api/isp/countries/${gb.id}/tariffs` })).json<{
      data: { ports: number }[];
    }>();
    expect(tariffs.data.length).toBeGreaterThan(0);
    for (const t of tariffs.data) expect(t.ports).toBeLessThan(gb.count);
  });

  it('unlimited locations in the spec shape', async () => {
    const locations = (await ctx.app.inject({ url: '/api/unlim/locations' })).json<{
      data: Record<string, unknown>[];
    }>();
    // The demo inventory has one exit in Frankfurt, of 1000 Mbps less what is sold there.
    expect(locations.data[0]).toMatchObject({
      location: { name: 'Germany, Frankfurt', city: 'frankfurt' },
      status: { is_available: true, is_active: true },
      servers: { available: 1 },
      network: {
        speeds: {
          min: '1 Mbps',
          max: expect.stringMatching(/^\d+ Mbps$/) as string,
          available: expect.stringMatching(/^\d+ Mbps$/) as string,
        },
      },
    });
  });

  it('reloading the catalogue keeps ids and sold stock', async () => {
    const before = await tariffByKey('base-5gb');
    await loadShop(db());
    expect((await tariffByKey('base-5gb')).id).toBe(before.id);
  });
});

describe('purchase prices', () => {
  it('dynamic base and premium: catalogue price, client price ignored, package with credentials', async () => {
    for (const [key, price] of [
      ['base-5gb', 4.75],
      ['premium-1gb', 1.75],
    ] as const) {
      const user = await customer(10);
      const tariff = await tariffByKey(key);
      const response = await post(user.token, '/api/tariff/buy', {
        tariff_id: tariff.id,
        price: 0.01,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, price });
      expect(await balance(user.id)).toBe(1000 - Math.round(price * 100));
      const list = (
        await ctx.app.inject({ url: '/api/packages', headers: bearer(user.token) })
      ).json<{
        packages: { data: { id: number; type: string; status: string; package_key: string }[] };
      }>().packages;
      expect(list.data).toHaveLength(1);
      expect(list.data[0]).toMatchObject({
        type: key.startsWith('base') ? 'dynamic' : 'vip',
        tariff_name: tariff.title,
      });
      const detail = (
        await ctx.app.inject({
          url: `/api/packages/${list.data[0]!.id}`,
          headers: bearer(user.token),
        })
      ).json<{ data: { login: string; port_http: number; port_socks: number; tariff: unknown } }>();
      expect(detail.data.login).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(detail.data).toMatchObject({ port_http: 8080, port_socks: 1080 });
      const entry = await db()
        .selectFrom('ledger_entries')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('type', 'like', 'buy_%')
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({
        type: key.startsWith('base') ? 'buy_dynamic' : 'buy_premium',
        ref_type: 'package',
        ref_id: String(list.data[0]!.id),
      });
    }
  });

  it('a tariff repriced after this process read it sells at the new price, or not at all once withdrawn', async () => {
    const user = await customer(10);
    const tariff = await tariffByKey('base-1gb');
    const buy = () => post(user.token, '/api/tariff/buy', { tariff_id: tariff.id });
    try {
      expect((await buy()).json()).toMatchObject({ price: tariff.price_cents / 100 });
      // Another instance reloads a catalogue file with a new price (and a new title).
      await db()
        .updateTable('tariffs')
        .set({
          price_cents: tariff.price_cents + 100,
          title: 'Base 1 GB (new)',
          updated_at: new Date(),
        })
        .where('id', '=', tariff.id)
        .execute();
      const repriced = await buy();
      expect(repriced.json()).toMatchObject({ price: tariff.price_cents / 100 + 1 });
      expect(await balance(user.id)).toBe(1000 - 2 * tariff.price_cents - 100);
      const snapshot = await db()
        .selectFrom('packages')
        .select(['tariff', 'price_cents'])
        .where('id', '=', repriced.json<{ package_id: number }>().package_id)
        .executeTakeFirstOrThrow();
      expect(snapshot).toMatchObject({
        price_cents: tariff.price_cents + 100,
        tariff: { title: 'Base 1 GB (new)' },
      });
      await db()
        .updateTable('tariffs')
        .set({ is_active: false, updated_at: new Date() })
        .where('id', '=', tariff.id)
        .execute();
      const withdrawn = await buy();
      expect(withdrawn.statusCode).toBe(422);
      expect(await packageCount(user.id)).toBe(2);
      expect(await checkLedger(db(), [user.id])).toEqual([]);
    } finally {
      await loadShop(db());
    }
  });

  it('ISP: every period with the contract rule, IPs allocated from the pool', async () => {
    const country = await countryByKey('isp-us');
    const tariff = await tariffByKey('isp-us-5');
    for (const period of [1, 7, 30, 90]) {
      const user = await customer(100);
      const response = await post(user.token, '/api/tariff/buy-isp', {
        country_id: country.id,
        period,
        tariff_id: tariff.id,
        quantity: 5,
        ip: '',
        socks: true,
        promo: '',
      });
      expect(response.statusCode).toBe(200);
      const expected = ispPriceCents({ priceCents: tariff.price_cents, ports: 5 }, period);
      expect(await balance(user.id)).toBe(10_000 - expected);
      const pkg = await db()
        .selectFrom('packages')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(pkg.ips).toHaveLength(5);
      expect(pkg.ips[0]).toMatch(/^127\.0\.1\.\d+$/);
      expect(pkg).toMatchObject({
        type: 'isp',
        period_days: period,
        socks: true,
        country: 'United States',
      });
    }
    const user = await customer(100);
    const bad = await buyIsp(user.token, country, tariff, { period: 14 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.period).toEqual([
      'Invalid period',
    ]);
  });

  it('unlimited: price by tariff, the location recorded', async () => {
    const tariff = await tariffByKey('unlim-1d-100mbps');
    const user = await customer(300);
    const ok = await post(user.token, '/api/tariff/buy-unlim', {
      tariff_id: tariff.id,
      location_id: (await locationByKey('de-frankfurt')).id,
    });
    expect(ok.json()).toMatchObject({ success: true, price: 265 });
    expect(await balance(user.id)).toBe(3_500);
    const pkg = await db()
      .selectFrom('packages')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(pkg).toMatchObject({ type: 'unlim', speed_limit: 100, location: 'Germany, Frankfurt' });
  });

  it('provisioning job turns the package active', async () => {
    const user = await customer(5);
    await post(user.token, '/api/tariff/buy', { tariff_id: (await tariffByKey('base-1gb')).id });
    const deadline = Date.now() + 15_000;
    let status = 'pending';
    while (Date.now() < deadline && status !== 'active') {
      await new Promise((r) => setTimeout(r, 250));
      status = (
        await db()
          .selectFrom('packages')
          .select('status')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).status;
    }
    expect(status).toBe('active');
    const notes = await db()
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', user.id)
      .execute();
    expect(notes.map((n) => n.type)).toContain('notifications.package_bought');
  });
});

describe('promo codes', () => {
  it('percent and per-GB on dynamic, percent on ISP and unlimited, via check-coupon and the buy', async () => {
    const base5 = await tariffByKey('base-5gb');
    const pct = await promo('--percent 10');
    const perGb = await promo('--per-gb 0.9 --families dynamic');
    const user = await customer(1000);
    const check = (tariffId: number, code: string, period?: number) =>
      ctx.app
        .inject({
          url: `/api/tariff/${tariffId}/check-coupon/${code}${period ? `?period=${period}` : ''}`,
          headers: bearer(user.token),
        })
        .then((r) => r.json<Record<string, unknown>>());
    expect(await check(base5.id, pct.toLowerCase())).toEqual({
      can_use: true,
      message: expect.any(String) as string,
      price: 4.28,
      per_gb: 0.86,
      percent: 10,
    });
    expect(await check(base5.id, perGb)).toMatchObject({ can_use: true, price: 4.5, per_gb: 0.9 });
    const isp = await tariffByKey('isp-de-10');
    const ispPrice = ispPriceCents({ priceCents: isp.price_cents, ports: 10 }, 7);
    expect(await check(isp.id, pct, 7)).toMatchObject({
      can_use: true,
      price: Math.round(ispPrice * 0.9) / 100,
    });
    expect(await check(isp.id, perGb, 7)).toMatchObject({
      can_use: false,
      price: ispPrice / 100,
      percent: null,
    });
    expect(await check(base5.id, 'NOPE')).toMatchObject({
      can_use: false,
      message: 'Promo code not found.',
    });
    const unlim = await tariffByKey('unlim-7d-200mbps');
    expect(await check(unlim.id, pct)).toMatchObject({ can_use: true, price: 1071 });

    const bought = await post(user.token, '/api/tariff/buy', {
      tariff_id: base5.id,
      promo: ` ${pct} `,
    });
    expect(bought.json()).toMatchObject({ success: true, price: 4.28 });
    expect(await balance(user.id)).toBe(100_000 - 428);
  });

  it('validity window, periods and families are enforced; a refused promo changes nothing', async () => {
    const user = await customer(100);
    const base1 = await tariffByKey('base-1gb');
    const expired = await promo('--percent 50 --to 2020-01-01');
    const future = await promo('--percent 50 --from 2999-01-01');
    const ispOnly = await promo('--percent 50 --families isp --periods 90');
    for (const code of [expired, future, ispOnly, 'MISSING']) {
      const r = await post(user.token, '/api/tariff/buy', { tariff_id: base1.id, promo: code });
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({ code: 'PROMO_INVALID' });
    }
    const isp = await tariffByKey('isp-de-1');
    const country = await countryByKey('isp-de');
    const wrongPeriod = await buyIsp(user.token, country, isp, { promo: ispOnly });
    expect(wrongPeriod.json<{ errors: Record<string, string[]> }>().errors.promo).toEqual([
      'This promo code does not apply to this period.',
    ]);
    expect(await balance(user.id)).toBe(10_000);
    expect(await heldAddresses(db(), user.id)).toEqual([]);
    expect(await packageCount(user.id)).toBe(0);
  });

  it('a code at its limit is used once by parallel buys; per-user limit holds', async () => {
    const code = await promo('--percent 20 --max-uses 1');
    const base1 = await tariffByKey('base-1gb');
    const users = await Promise.all(Array.from({ length: 10 }, () => customer(5)));
    const results = await Promise.all(
      users.map((u) => post(u.token, '/api/tariff/buy', { tariff_id: base1.id, promo: code })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const row = await db()
      .selectFrom('promo_codes')
      .select('uses')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.uses).toBe(1);

    const once = await promo('--percent 20 --per-user 1');
    const user = await customer(10);
    const parallel = await Promise.all(
      [1, 2, 3].map(() =>
        post(user.token, '/api/tariff/buy', { tariff_id: base1.id, promo: once }),
      ),
    );
    expect(parallel.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await balance(user.id)).toBe(1000 - 80);
  });
});

describe('concurrency, idempotency and refusals', () => {
  it('30 parallel buys with a balance for exactly 3: three packages, balance zero, ledger consistent', async () => {
    const base5 = await tariffByKey('base-5gb');
    const user = await customer(4.75 * 3);
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        post(user.token, '/api/tariff/buy', { tariff_id: base5.id }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = results.find((r) => r.statusCode !== 200)!;
    expect(refused.json()).toMatchObject({
      code: 'BALANCE_SHORT',
      message: 'Not enough money on your balance: $4.75 more is needed.',
    });
    expect(await holdings(user.id)).toEqual({ packages: 3, balance: 0 });
    expect(await checkLedger(db())).toEqual([]);
    const report = await import('../ledger/ledger.commands.ts').then((m) =>
      m.ledgerCommands['ledger:check']!.run(db(), []),
    );
    expect(typeof report === 'string' ? report : report.output).toContain('ledger ok');
  });

  it('an Idempotency-Key retry returns the first result and buys once', async () => {
    const base1 = await tariffByKey('base-1gb');
    const user = await customer(10);
    const headers = { 'idempotency-key': `k-${user.id}` };
    const [first, second] = await Promise.all([
      post(user.token, '/api/tariff/buy', { tariff_id: base1.id }, headers),
      post(user.token, '/api/tariff/buy', { tariff_id: base1.id }, headers),
    ]);
    const third = await post(user.token, '/api/tariff/buy', { tariff_id: base1.id }, headers);
    expect(first.json()).toEqual(second.json());
    expect(third.json()).toEqual(first.json());
    expect(await holdings(user.id)).toEqual({ packages: 1, balance: 900 });
  });

  it('an Idempotency-Key reused with another request is refused with 422', async () => {
    const base1 = await tariffByKey('base-1gb');
    const base5 = await tariffByKey('base-5gb');
    const unlim = await tariffByKey('unlim-1d-100mbps');
    const location = await locationByKey('de-frankfurt');
    const user = await customer(10);
    const headers = { 'idempotency-key': `reuse-${user.id}` };
    const first = await post(user.token, '/api/tariff/buy', { tariff_id: base1.id }, headers);
    expect(first.statusCode).toBe(200);
    const reused = [
      await post(user.token, '/api/tariff/buy', { tariff_id: base5.id }, headers),
      await post(user.token, '/api/tariff/buy', { tariff_id: base1.id, promo: 'X' }, headers),
      await post(
        user.token,
        '/api/tariff/buy-unlim',
        { tariff_id: unlim.id, location_id: location.id },
        headers,
      ),
    ];
    for (const response of reused) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        success: false,
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This Idempotency-Key was already used with another request.',
      });
    }
    // The same request again (keys in another order, the id as a string) replays the answer.
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/tariff/buy',
      headers: { ...bearer(user.token), ...headers, 'content-type': 'application/json' },
      payload: `{ "promo": null,  "tariff_id": "${base1.id}" }`,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await holdings(user.id)).toEqual({ packages: 1, balance: 900 });
  });

  it('two concurrent requests with one Idempotency-Key and different bodies: one runs, one gets 422', async () => {
    const base1 = await tariffByKey('base-1gb');
    const base5 = await tariffByKey('base-5gb');
    const user = await customer(100);
    for (let round = 0; round < 5; round++) {
      const headers = { 'idempotency-key': `race-${user.id}-${round}` };
      const answers = await Promise.all([
        post(user.token, '/api/tariff/buy', { tariff_id: base1.id }, headers),
        post(user.token, '/api/tariff/buy', { tariff_id: base5.id }, headers),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
      expect(answers.find((answer) => answer.statusCode === 422)?.json()).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    }
    expect(await packageCount(user.id)).toBe(5);
    expect(await checkLedger(db())).toEqual([]);
  });

  it('refusals leave balance, stock and packages unchanged', async () => {
    const base5 = await tariffByKey('base-5gb');
    const poor = await customer(1);
    const short = await post(poor.token, '/api/tariff/buy', { tariff_id: base5.id });
    expect(short.json()).toMatchObject({
      code: 'BALANCE_SHORT',
      message: expect.stringContaining('$3.75') as string,
    });
    const unverified = await customer(10, false);
    expect(
      (await post(unverified.token, '/api/tariff/buy', { tariff_id: base5.id })).json(),
    ).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const country = await countryByKey('isp-gb');
    const bigIsp = await tariffByKey('isp-gb-50');
    const ispPoor = await buyIsp(poor.token, country, bigIsp, { ip: '10.1.1.1' });
    expect(ispPoor.json()).toMatchObject({ code: 'BALANCE_SHORT' });
    const badIp = await buyIsp(poor.token, country, bigIsp, { ip: '999.1.1.1' });
    expect(badIp.statusCode).toBe(422);
    const wrongFamily = await post(poor.token, '/api/tariff/buy', { tariff_id: bigIsp.id });
    expect(wrongFamily.statusCode).toBe(422);
    expect(await heldAddresses(db(), poor.id)).toEqual([]);
    expect(await balance(poor.id)).toBe(100);
    expect(await balance(unverified.id)).toBe(1000);
    expect(await packageCount(poor.id)).toBe(0);
    expect(await packageCount(unverified.id)).toBe(0);
  });

  it("another user's package id is 404", async () => {
    const owner = await customer(5);
    await post(owner.token, '/api/tariff/buy', { tariff_id: (await tariffByKey('base-1gb')).id });
    const pkg = await db()
      .selectFrom('packages')
      .select('id')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const stranger = await customer();
    expect(
      (await ctx.app.inject({ url: `/api/packages/${pkg.id}`, headers: bearer(stranger.token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ url: '/api/packages', headers: bearer(stranger.token) })).json(),
    ).toEqual({ packages: { data: [], meta: { total: 0, page: 1, per_page: 10 } } });
    expect(
      (await ctx.app.inject({ url: `/api/packages/${pkg.id}`, headers: bearer(owner.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('balance:credit is an operator payment through the ledger', async () => {
    const user = await customer();
    const out = await balanceCommands['balance:credit']!.run(db(), [user.email, '12.5']);
    expect(out).toContain('balance $12.5');
    const entry = await db()
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      type: 'payment',
      amount_cents: 1250,
      comment: 'manual credit by operator',
    });
  });
});
