import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PROXY_FORMATS, RESUME_GRACE_DAYS } from '@proxy/contract';
import { useTestApp, verifiedUser, type TestContext } from '../../../test/helpers.ts';
import { buyTariff, catalogueByKey, creditBalance, loadShop } from '../../../test/shop.ts';
import { customerWithPackage, setPackageColumns } from '../../../test/packages.ts';
import { sealPackagePassword } from './credentials.ts';

const DAY_MS = 86_400_000;
const GB = 1024 ** 3;
const TYPES = ['dynamic', 'vip', 'isp', 'unlim'] as const;
const STATUSES = ['active', 'inactive', 'deactivate', 'pending', 'processing', 'empty'] as const;

type Row = {
  id: number;
  type: string;
  tariff_name: string;
  status: string;
  created_at: string;
  expired_at: string | null;
  days_left: number | null;
  resume_package_allowed: boolean;
  package_key: string;
};
type Page = { packages: { data: Row[]; meta: { total: number; page: number; per_page: number } } };

/**
 * `count` packages of `userId` straight into the table (one statement): package i is i hours
 * old, of type TYPES[i % 4] and status STATUSES[i % 6], its tariff titled "Tariff <letter>"
 * (a letter from the id, so the title order differs from the age order), expiring in i days.
 */
const seedPackages = async (ctx: TestContext, userId: number, count: number) => {
  const db = ctx.database.db;
  const sealed = sealPackagePassword(ctx.config.DATA_ENCRYPTION_KEY, 'password');
  await sql`
    INSERT INTO packages (user_id, type, tariff, price_cents, status, package_key, login,
                          password_encrypted, expires_at, period_days, created_at)
    SELECT ${userId},
           (${sql.lit(`{${TYPES.join(',')}}`)}::text[])[g % 4 + 1],
           jsonb_build_object('title', 'Tariff ' || chr(65 + (g * 7) % 26), 'price', 1),
           100,
           (${sql.lit(`{${STATUSES.join(',')}}`)}::text[])[g % 6 + 1],
           md5(random()::text || g),
           'login' || g,
           ${sealed},
           now() + make_interval(days => g),
           30,
           now() - make_interval(hours => g)
      FROM generate_series(0, ${count - 1}) AS g`.execute(db);
  return (
    await db
      .selectFrom('packages')
      .select(['id', 'type', 'status', 'created_at', 'expires_at', 'tariff'])
      .where('user_id', '=', userId)
      .execute()
  ).map((p) => ({ ...p, id: Number(p.id), title: String(p.tariff.title) }));
};

const byNewest = (a: { created_at: Date; id: number }, b: { created_at: Date; id: number }) =>
  b.created_at.getTime() - a.created_at.getTime() || b.id - a.id;

const list = async (ctx: TestContext, token: string, query = '') => {
  const response = await ctx.api.request('GET', `/api/packages${query}`, { token });
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json<Page>().packages;
};

const fieldErrors = async (ctx: TestContext, token: string, query: string) => {
  const response = await ctx.api.request('GET', `/api/packages${query}`, { token });
  expect(response.statusCode, query).toBe(422);
  return Object.keys(response.json<{ errors: Record<string, string[]> }>().errors);
};

describe('GET /api/packages: the packages table', () => {
  const ctx = useTestApp();

  it('pages newest first with the total, per_page 10/20/50/100, only the owner', async () => {
    const owner = await verifiedUser(ctx);
    const other = await verifiedUser(ctx);
    const seeded = (await seedPackages(ctx, owner.id, 23)).sort(byNewest);
    await seedPackages(ctx, other.id, 5);

    const first = await list(ctx, owner.token);
    expect(first.meta).toEqual({ total: 23, page: 1, per_page: 10 });
    expect(first.data.map((r) => r.id)).toEqual(seeded.slice(0, 10).map((p) => p.id));
    const third = await list(ctx, owner.token, '?page=3');
    expect(third.meta).toEqual({ total: 23, page: 3, per_page: 10 });
    expect(third.data.map((r) => r.id)).toEqual(seeded.slice(20).map((p) => p.id));
    // Past the end: no rows, the total still right.
    expect(await list(ctx, owner.token, '?page=9')).toEqual({
      data: [],
      meta: { total: 23, page: 9, per_page: 10 },
    });
    for (const size of [20, 50, 100]) {
      const page = await list(ctx, owner.token, `?per_page=${size}`);
      expect(page.data).toHaveLength(Math.min(size, 23));
      expect(page.meta).toEqual({ total: 23, page: 1, per_page: size });
    }
    const theirs = await list(ctx, other.token, '?per_page=100');
    expect(theirs.meta.total).toBe(5);
    expect(theirs.data.some((r) => seeded.some((p) => p.id === r.id))).toBe(false);
  });

  it('filters by type and status (combined), sorts by every column, stable across pages', async () => {
    const owner = await verifiedUser(ctx);
    const seeded = await seedPackages(ctx, owner.id, 30);

    for (const type of TYPES) {
      const page = await list(ctx, owner.token, `?filters[type]=${type}&per_page=100`);
      const expected = seeded.filter((p) => p.type === type).sort(byNewest);
      expect(page.meta.total, type).toBe(expected.length);
      expect(page.data.map((r) => r.id)).toEqual(expected.map((p) => p.id));
    }
    const deactivatedIsp = await list(
      ctx,
      owner.token,
      '?filters[type]=isp&filters[status]=deactivate',
    );
    const expected = seeded.filter((p) => p.type === 'isp' && p.status === 'deactivate');
    expect(expected.length).toBeGreaterThan(0);
    expect(deactivatedIsp.meta.total).toBe(expected.length);
    expect(deactivatedIsp.data.every((r) => r.type === 'isp' && r.status === 'deactivate')).toBe(
      true,
    );
    // A combination nobody has (vip rows are odd, active ones even): an empty page, total 0.
    expect(seeded.some((p) => p.type === 'vip' && p.status === 'active')).toBe(false);
    expect(
      (await list(ctx, owner.token, '?filters[type]=vip&filters[status]=active')).meta,
    ).toEqual({ total: 0, page: 1, per_page: 10 });

    const ids = seeded.map((p) => p.id).sort((a, b) => a - b);
    expect((await list(ctx, owner.token, '?sort=id&direction=asc')).data.map((r) => r.id)).toEqual(
      ids.slice(0, 10),
    );
    expect(
      (await list(ctx, owner.token, '?sort=id&direction=desc&page=2')).data.map((r) => r.id),
    ).toEqual([...ids].reverse().slice(10, 20));
    const byExpiry = (await list(ctx, owner.token, '?sort=expired_at&direction=asc&per_page=100'))
      .data;
    expect(byExpiry.map((r) => r.expired_at)).toEqual(
      byExpiry.map((r) => r.expired_at).sort((a, b) => (a ?? '').localeCompare(b ?? '')),
    );
    // Every sort walks all rows once over the pages, in the column's order, ties newest first.
    for (const sort of ['tariff_name', 'status', 'type'] as const) {
      const pages = [];
      for (let page = 1; page <= 3; page += 1)
        pages.push(
          ...(await list(ctx, owner.token, `?sort=${sort}&direction=asc&page=${page}`)).data,
        );
      expect(new Set(pages.map((r) => r.id)).size, sort).toBe(30);
      const keys = pages.map((r) => r[sort]);
      expect(keys, sort).toEqual([...keys].sort());
      const desc = (await list(ctx, owner.token, `?sort=${sort}&direction=desc&per_page=100`)).data;
      expect(
        desc.map((r) => r[sort]),
        sort,
      ).toEqual([...keys].sort().reverse());
      for (let i = 1; i < desc.length; i += 1)
        if (desc[i]![sort] === desc[i - 1]![sort])
          expect(desc[i]!.created_at <= desc[i - 1]!.created_at, sort).toBe(true);
    }
  });

  it('the total follows status changes, deletions and purchases (user_counts)', async () => {
    await loadShop(ctx.database.db);
    const owner = await verifiedUser(ctx);
    const seeded = await seedPackages(ctx, owner.id, 12);
    const count = async (query: string) => (await list(ctx, owner.token, query)).meta.total;
    const active = await count('?filters[status]=active');
    const target = seeded.find((p) => p.status === 'pending')!;
    await setPackageColumns(ctx.database.db, target.id, { status: 'active' });
    expect(await count('?filters[status]=active')).toBe(active + 1);
    expect(await count('?filters[status]=pending')).toBe(
      seeded.filter((p) => p.status === 'pending').length - 1,
    );
    await ctx.database.db.deleteFrom('packages').where('id', '=', target.id).execute();
    expect(await count('?filters[status]=active')).toBe(active);
    expect(await count('')).toBe(11);

    await creditBalance(ctx.database.db, owner.id, 1_000);
    expect((await buyTariff(ctx, owner.token, 'base-1gb')).statusCode).toBe(200);
    expect(await count('')).toBe(12);
    expect(await count('?filters[type]=dynamic')).toBe(
      seeded.filter((p) => p.type === 'dynamic' && p.id !== target.id).length + 1,
    );
  });

  it('bad paging, sort and filters are 422 field errors', async () => {
    const user = await verifiedUser(ctx);
    expect(await fieldErrors(ctx, user.token, '?per_page=15')).toEqual(['per_page']);
    expect(await fieldErrors(ctx, user.token, '?per_page=abc')).toEqual(['per_page']);
    expect(await fieldErrors(ctx, user.token, '?page=0')).toEqual(['page']);
    expect(await fieldErrors(ctx, user.token, '?sort=password')).toEqual(['sort']);
    expect(await fieldErrors(ctx, user.token, '?direction=up')).toEqual(['direction']);
    expect(await fieldErrors(ctx, user.token, '?filters[type]=premium')).toEqual(['filters.type']);
    expect(await fieldErrors(ctx, user.token, '?filters[status]=suspended')).toEqual([
      'filters.status',
    ]);
    expect((await ctx.api.request('GET', '/api/packages')).statusCode).toBe(401);
  });

  it('days_left, and resume_package_allowed only for inactive packages inside the grace window', async () => {
    const owner = await verifiedUser(ctx);
    const [a, b, c, d] = await seedPackages(ctx, owner.id, 4);
    const set = (id: number, status: (typeof STATUSES)[number], expiresInDays: number | null) =>
      ctx.database.db
        .updateTable('packages')
        .set({
          status,
          expires_at: expiresInDays === null ? null : new Date(Date.now() + expiresInDays * DAY_MS),
        })
        .where('id', '=', id)
        .execute();
    await set(a!.id, 'inactive', -(RESUME_GRACE_DAYS - 1));
    await set(b!.id, 'inactive', -(RESUME_GRACE_DAYS + 1));
    await set(c!.id, 'deactivate', -1);
    await set(d!.id, 'active', null);
    const rows = new Map((await list(ctx, owner.token)).data.map((r) => [r.id, r]));
    expect(rows.get(a!.id)).toMatchObject({ resume_package_allowed: true, days_left: 0 });
    expect(rows.get(b!.id)).toMatchObject({ resume_package_allowed: false, days_left: 0 });
    expect(rows.get(c!.id)).toMatchObject({ resume_package_allowed: false });
    expect(rows.get(d!.id)).toMatchObject({
      resume_package_allowed: false,
      expired_at: null,
      days_left: null,
    });
    await set(d!.id, 'active', 2.5);
    const later = (await list(ctx, owner.token)).data.find((r) => r.id === d!.id);
    expect(later).toMatchObject({ days_left: 3 });
    expect(later?.expired_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

/** A customer with $400 who bought over the API (`url`, `payload`); the package once active. */
const boughtPackage = async (ctx: TestContext, url: string, payload: Record<string, unknown>) => {
  const { user, packageId } = await customerWithPackage(ctx, 40_000, url, payload);
  return { token: user.token, userId: user.id, packageId };
};

const detail = async (ctx: TestContext, token: string, path: string) => {
  const response = await ctx.api.request('GET', path, { token });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json<{ data: Record<string, unknown> }>().data;
};

const CONNECTION = {
  host: 'proxy.example.net',
  port_http: 18080,
  port_socks: 11080,
  login: expect.stringMatching(/^[A-Za-z0-9]{20}$/) as string,
  password: expect.stringMatching(/^[A-Za-z0-9]{16}$/) as string,
};

describe('the package panels: one detail per family', () => {
  const ctx = useTestApp({
    GATEWAY_PUBLIC_HOST: 'proxy.example.net',
    GATEWAY_HTTP_PORT: '18080',
    GATEWAY_SOCKS_PORT: '11080',
  });
  const db = () => ctx.database.db;
  const catalogue = catalogueByKey(db);
  const tariffId = async (key: string) => (await catalogue.tariff(key)).id;

  it('dynamic: package, traffic in bytes, proxy formats, the upgrade offer with its discount', async () => {
    await loadShop(db());
    const { token, packageId } = await boughtPackage(ctx, '/api/tariff/buy', {
      tariff_id: await tariffId('base-1gb'),
    });
    // Half the period left (and a little more, away from the rounding edge), no traffic used.
    await setPackageColumns(db(), packageId, {
      expires_at: new Date(Date.now() + 15 * DAY_MS + 3_600_000),
    });
    const data = await detail(ctx, token, `/api/packages/dynamic/${packageId}`);
    expect(data).toEqual({
      package: {
        id: packageId,
        package_key: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
        status: 'active',
        auto_update: false,
        resume_package_allowed: false,
        created_at: expect.any(String) as string,
        expired_at: expect.any(String) as string,
        days_left: 16,
        tariff: {
          id: await tariffId('base-1gb'),
          title: 'Base 1 GB',
          traffic: 1,
          price: 1,
          per_gb: 1,
        },
      },
      package_info: { traffic_usage_common: 0, traffic_limit_common: GB },
      proxy_lists: [],
      // The formats a list's proxy_format indexes, as its lines are printed (decision 116).
      proxy_formats: PROXY_FORMATS,
      // Paid $1, half of it unused: $0.50 of $4.75 is 10 % (rounded down); 4.75 - 10 % = 4.28.
      package_upgrade: {
        package_discount: 10,
        price: 4.28,
        tariff: {
          id: await tariffId('base-5gb'),
          title: 'Base 5 GB',
          traffic: 5,
          price: 4.75,
          per_gb: 0.95,
        },
      },
      connection: CONNECTION,
    });

    // 0.8 GB used: only a fifth of the traffic is left, so the credit is $0.20 (4 %).
    await sql`INSERT INTO package_usage_hourly (package_id, hour, bytes_up, bytes_down)
      VALUES (${packageId}, date_trunc('hour', now()), 0, ${Math.round(0.8 * GB)})`.execute(db());
    // Its proxy lists by id and name, newest first.
    const lists = await db()
      .insertInto('proxy_lists')
      .values(
        ['Shop', 'Office'].map((name, index) => ({
          package_id: packageId,
          name,
          auth_type: 0 as const,
          login: `listlogin${index}`.padEnd(20, 'x'),
          location_preset: 'world-mix' as const,
          rotation_period: -1,
          proxy_link_format: 'ip',
          proxy_format: 0,
          ports_count: 1,
        })),
      )
      .returning('id')
      .execute();
    const used = await detail(ctx, token, `/api/packages/dynamic/${packageId}`);
    expect(used).toMatchObject({
      proxy_lists: [
        { id: lists[1]?.id, name: 'Office' },
        { id: lists[0]?.id, name: 'Shop' },
      ],
      package_info: { traffic_usage_common: Math.round(0.8 * GB), traffic_limit_common: GB },
      package_upgrade: { package_discount: 4, price: 4.56 },
    });

    // The largest tariff has nothing to upgrade to.
    await setPackageColumns(db(), packageId, {
      tariff: JSON.stringify({ id: 1, title: 'Base 100 GB', price: 75, traffic: 100 }),
    });
    expect((await detail(ctx, token, `/api/packages/dynamic/${packageId}`)).package_upgrade).toBe(
      null,
    );
  });

  it('premium residential (vip): uuid, tariff, traffic and usage, where to connect', async () => {
    await loadShop(db());
    const { token, packageId } = await boughtPackage(ctx, '/api/tariff/buy', {
      tariff_id: await tariffId('premium-5gb'),
    });
    const uuid = (
      await db()
        .selectFrom('packages')
        .select('uuid')
        .where('id', '=', packageId)
        .executeTakeFirstOrThrow()
    ).uuid;
    const data = await detail(ctx, token, `/api/packages/vip/${packageId}`);
    expect(data).toMatchObject({
      id: packageId,
      uuid,
      status: 'active',
      auto_update: false,
      tariff: { title: 'Premium 5 GB', traffic: 5, price: 8.25, per_gb: 1.65 },
      traffic: 5 * GB,
      usage: 0,
      proxy_ip: 'proxy.example.net',
      port_http: 18080,
      port_socks: 11080,
      login: CONNECTION.login,
      password: CONNECTION.password,
      days_left: 30,
    });
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('ISP: addresses, period, country, authentication, order id, swap state', async () => {
    await loadShop(db());
    const country = await catalogue.country('isp-us');
    const { token, userId, packageId } = await boughtPackage(ctx, '/api/tariff/buy-isp', {
      country_id: country.id,
      period: 7,
      tariff_id: await tariffId('isp-us-5'),
      quantity: 5,
      ip: '203.0.113.7',
      socks: true,
    });
    const purchase = await db()
      .selectFrom('ledger_entries')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', 'buy_isp')
      .executeTakeFirstOrThrow();
    const data = await detail(ctx, token, `/api/packages/isp/${packageId}`);
    expect(data).toMatchObject({
      id: packageId,
      order_id: Number(purchase.id),
      tariff: { id: await tariffId('isp-us-5'), title: '5 IPs', price: 12, ports: 5 },
      period: 7,
      country: 'United States',
      country_iso2: 'US',
      auth_ip: '203.0.113.7',
      socks: true,
      swaped: false,
      days_left: 7,
      connection: CONNECTION,
    });
    expect(data.ip).toHaveLength(5);
    for (const ip of data.ip as string[]) expect(ip).toMatch(/^127\.0\.1\.\d+$/);
    await setPackageColumns(db(), packageId, { swapped_at: new Date() });
    expect((await detail(ctx, token, `/api/packages/isp/${packageId}`)).swaped).toBe(true);
    // The table's row: the tariff's size beside its title.
    const rows = (await ctx.api.request('GET', '/api/packages', { token })).json<Page>();
    expect(rows.packages.data[0]).toMatchObject({
      tariff_name: '5 IPs',
      tariff_ports: 5,
      tariff_traffic: null,
      tariff_speed_limit: null,
    });
  });

  it('unlimited at /api/unlim/packages/:id: duration, tariff with speed, location', async () => {
    await loadShop(db());
    const location = await catalogue.location('de-frankfurt');
    const { token, packageId } = await boughtPackage(ctx, '/api/tariff/buy-unlim', {
      tariff_id: await tariffId('unlim-1d-100mbps'),
      location_id: location.id,
    });
    const data = await detail(ctx, token, `/api/unlim/packages/${packageId}`);
    expect(data).toMatchObject({
      id: packageId,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      auto_update: false,
      duration_days: 1,
      location: 'Germany, Frankfurt',
      location_iso2: 'DE',
      location_city: 'frankfurt',
      tariff: {
        id: await tariffId('unlim-1d-100mbps'),
        name: 'Unlimited 100 Mbps, 1 day',
        price: 265,
        speed_limit: 100,
        duration_days: 1,
      },
      connection: CONNECTION,
    });
    const rows = (await ctx.api.request('GET', '/api/packages', { token })).json<Page>();
    expect(rows.packages.data[0]).toMatchObject({
      tariff_name: 'Unlimited 100 Mbps, 1 day',
      tariff_speed_limit: 100,
      tariff_duration_days: 1,
      tariff_ports: null,
      tariff_traffic: null,
    });
  });

  it("another user's, unknown, malformed ids and other families' packages are 404", async () => {
    await loadShop(db());
    const { token, packageId } = await boughtPackage(ctx, '/api/tariff/buy', {
      tariff_id: await tariffId('base-1gb'),
    });
    const stranger = await verifiedUser(ctx);
    const paths = [
      '/api/packages/:id',
      '/api/packages/dynamic/:id',
      '/api/packages/vip/:id',
      '/api/packages/isp/:id',
      '/api/unlim/packages/:id',
      '/api/unlim/:id/usage',
    ];
    const status = async (who: string, path: string, id: string) =>
      (await ctx.api.request('GET', path.replace(':id', id), { token: who })).statusCode;
    for (const path of paths) {
      expect(await status(stranger.token, path, String(packageId)), path).toBe(404);
      for (const id of ['999999999', '0', '-1', 'abc', '1.5', '9'.repeat(30)])
        expect(await status(token, path, id), `${path} ${id}`).toBe(404);
    }
    expect(await status(token, '/api/packages/:id', String(packageId))).toBe(200);
    expect(await status(token, '/api/packages/dynamic/:id', String(packageId))).toBe(200);
    for (const path of [
      '/api/packages/vip/:id',
      '/api/packages/isp/:id',
      '/api/unlim/packages/:id',
    ])
      expect(await status(token, path, String(packageId)), path).toBe(404);
    expect((await ctx.api.request('GET', `/api/packages/dynamic/${packageId}`)).statusCode).toBe(
      401,
    );
  });
});
