import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUME_GRACE_DAYS } from '@proxy/contract';
import {
  createTestApp,
  useScratchDatabase,
  verifiedUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { runCommand } from '../../../test/commands.ts';
import { setPackageColumns } from '../../../test/packages.ts';
import { addressHistory, catalogueByKey, creditBalance } from '../../../test/shop.ts';
import { loadCatalogue } from '../catalogue/catalogue.loader.ts';
import { exitsCommands } from '../exits/exits.commands.ts';
import { checkLedger } from '../ledger/ledger.service.ts';
import { runLifecycleSweeps } from '../package-lifecycle/package-lifecycle.jobs.ts';
import { ispBlocksCommands } from './isp-blocks.commands.ts';

const DAY_MS = 86_400_000;

/**
 * Inventory is global to a database: this file has its own, with the catalogue and no inventory
 * but the schema's untargeted direct exit, and adds what each test needs through the admin CLI.
 */
describe('inventory: what the network has is what is sold', () => {
  const own = useScratchDatabase('cabinet_inventory', { migrate: true });
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ DATABASE_URL: own.scratch.url });
    await loadCatalogue(ctx.database.db);
    viewer = (await verifiedUser(ctx)).token;
  });
  afterAll(async () => ctx.close());

  const db = () => ctx.database.db;
  const { tariff, country, location } = catalogueByKey(db);
  const admin = (name: string, args: string[]) =>
    runCommand({ ...exitsCommands, ...ispBlocksCommands }, db(), name, args);
  let viewer = '';
  const get = async <T>(url: string) =>
    (await ctx.api.request('GET', url, { token: viewer })).json<T>();
  const post = (token: string, url: string, payload: Record<string, unknown>) =>
    ctx.api.request('POST', url, { token, payload });
  const customer = async (dollars: number) => {
    const user = await verifiedUser(ctx);
    await creditBalance(db(), user.id, dollars * 100);
    return user;
  };
  const ispCount = async (iso2: string) =>
    (await get<{ data: { iso2: string; count: number }[] }>('/api/isp/countries')).data.find(
      (c) => c.iso2 === iso2,
    )?.count;
  const unlimLocation = async (key: string) => {
    const { id } = await location(key);
    return (
      await get<{
        data: {
          id: number;
          status: { is_available: boolean };
          servers: { available: number };
          network: { speeds: { min: string; max: string; available: string } };
        }[];
      }>('/api/unlim/locations')
    ).data.find((l) => l.id === id);
  };
  const buyIsp = async (token: string, countryKey: string, tariffKey: string) =>
    post(token, '/api/tariff/buy-isp', {
      country_id: (await country(countryKey)).id,
      tariff_id: (await tariff(tariffKey)).id,
      period: 30,
    });
  const buyUnlim = async (token: string, tariffKey: string, locationKey: string) =>
    post(token, '/api/tariff/buy-unlim', {
      tariff_id: (await tariff(tariffKey)).id,
      location_id: (await location(locationKey)).id,
    });

  it('a catalogue choice appears and disappears with its inventory', async () => {
    // Nothing but the untargeted direct exit: no ISP address, no unlimited server, no place.
    expect(await ispCount('NL')).toBe(0);
    const nl = await country('isp-nl');
    expect((await get<{ data: unknown[] }>(`/api/isp/countries/${nl.id}/tariffs`)).data).toEqual(
      [],
    );
    expect(await unlimLocation('nl-amsterdam')).toMatchObject({
      status: { is_available: false },
      servers: { available: 0 },
    });
    expect(
      await get<{ presets: string[]; countries: unknown[] }>(
        '/api/proxy-lists/locations/countries',
      ),
    ).toMatchObject({ countries: [] });

    // An ISP block: its addresses are the country's count, and its tariffs below it are sold.
    await admin('isp-blocks:add', ['127.0.220.0/28', '--country', 'NL']);
    expect(await ispCount('NL')).toBe(14);
    const tariffs = await get<{ data: { ports: number }[] }>(`/api/isp/countries/${nl.id}/tariffs`);
    expect(tariffs.data.map((t) => t.ports)).toEqual([1, 5, 10]);
    await admin('isp-blocks:disable', ['127.0.220.0/28']);
    expect(await ispCount('NL')).toBe(0);
    await admin('isp-blocks:enable', ['127.0.220.0/28']);
    expect(await ispCount('NL')).toBe(14);

    // An exit in Amsterdam: a server for unlimited plans, a place for lists and the generator.
    await admin('exits:add', [
      'nl-ams',
      '--address',
      '127.0.0.61',
      '--country',
      'NL',
      '--city',
      'amsterdam',
    ]);
    expect(await unlimLocation('nl-amsterdam')).toMatchObject({
      status: { is_available: true },
      servers: { available: 1 },
      network: { speeds: { min: '1 Mbps', max: '1000 Mbps', available: '1000 Mbps' } },
    });
    expect(
      await get<{ countries: { code: string }[] }>('/api/proxy-lists/locations/countries'),
    ).toMatchObject({ countries: [{ code: 'NL' }] });
    const premium = await get<{ data: { iso2: string; cities: { code: string }[] }[] }>(
      '/api/premium/locations',
    );
    expect(premium.data).toMatchObject([{ iso2: 'NL', cities: [{ code: 'amsterdam' }] }]);

    // A fresh report that the exit is down takes it off sale; a stale one does not count.
    const { id: exitId } = await db()
      .selectFrom('gateway_exits')
      .select('id')
      .where('name', '=', 'nl-ams')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('gateway_exit_health')
      .values({ exit_id: exitId, instance_id: 'gw-test', is_up: false, failures: 3 })
      .execute();
    expect((await unlimLocation('nl-amsterdam'))?.servers.available).toBe(0);
    expect(
      await get<{ countries: unknown[] }>('/api/proxy-lists/locations/countries'),
    ).toMatchObject({ countries: [] });
    await db()
      .updateTable('gateway_exit_health')
      .set({ checked_at: sql<Date>`now() - interval '1 hour'` })
      .where('exit_id', '=', exitId)
      .execute();
    expect((await unlimLocation('nl-amsterdam'))?.servers.available).toBe(1);
    await admin('exits:disable', ['nl-ams']);
    expect((await unlimLocation('nl-amsterdam'))?.servers.available).toBe(0);
    await admin('exits:remove', ['nl-ams']);

    // Traffic tariffs need an exit of their pool: without any, nothing is listed or sold.
    await admin('exits:disable', ['direct']);
    try {
      expect((await get<{ data: unknown[] }>('/api/tariffs?type=1')).data).toEqual([]);
      const user = await customer(10);
      const refused = await post(user.token, '/api/tariff/buy', {
        tariff_id: (await tariff('base-1gb')).id,
      });
      expect(refused.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
      expect(await checkLedger(db(), [user.id])).toEqual([]);
    } finally {
      await admin('exits:enable', ['direct']);
    }
    expect((await get<{ data: unknown[] }>('/api/tariffs?type=1')).data.length).toBeGreaterThan(0);
  });

  it('50 concurrent ISP purchases for a country with 20 free addresses sell exactly 20 and charge exactly 20', async () => {
    // 14 + 6 addresses, in two blocks.
    await admin('isp-blocks:add', ['127.0.230.0/28', '--country', 'DE']);
    await admin('isp-blocks:add', ['127.0.231.0/29', '--country', 'DE']);
    expect(await ispCount('DE')).toBe(20);
    const price = (await tariff('isp-de-1')).price_cents;
    const users = await Promise.all(Array.from({ length: 50 }, () => customer(10)));
    const results = await Promise.all(users.map((u) => buyIsp(u.token, 'isp-de', 'isp-de-1')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(20);
    for (const refused of results.filter((r) => r.statusCode !== 200))
      expect(refused.json()).toMatchObject({
        code: 'OUT_OF_STOCK',
        errors: { country_id: ['Not enough free IPs in this country.'] },
      });
    const balances = await db()
      .selectFrom('users')
      .select('balance_cents')
      .where(
        'id',
        'in',
        users.map((u) => u.id),
      )
      .execute();
    const charged = balances.filter((b) => Number(b.balance_cents) === 1000 - Number(price));
    expect(charged).toHaveLength(20);
    expect(balances.filter((b) => Number(b.balance_cents) === 1000)).toHaveLength(30);
    expect(
      await checkLedger(
        db(),
        users.map((u) => u.id),
      ),
    ).toEqual([]);
    // Each address to one package, and the pool is empty.
    const held = await db()
      .selectFrom('isp_address_assignments')
      .select(sql<string>`host(ip)`.as('ip'))
      .where('released_at', 'is', null)
      .execute();
    expect(held).toHaveLength(20);
    expect(new Set(held.map((h) => h.ip)).size).toBe(20);
    expect(await ispCount('DE')).toBe(0);
  });

  it('an unlimited location sells the bandwidth of its exits, once', async () => {
    await admin('exits:add', [
      'jp-1',
      '--address',
      '127.0.0.62',
      '--country',
      'JP',
      '--city',
      'tokyo',
    ]);
    await db()
      .updateTable('gateway_exits')
      .set({ capacity_mbps: 300 })
      .where('name', '=', 'jp-1')
      .execute();
    expect(await unlimLocation('jp-tokyo')).toMatchObject({
      network: { speeds: { max: '300 Mbps', available: '300 Mbps' } },
    });
    // 500 Mbps is beyond what the location has at all.
    const rich = await customer(20_000);
    const tooFast = await buyUnlim(rich.token, 'unlim-1d-500mbps', 'jp-tokyo');
    expect(tooFast.json()).toMatchObject({ code: 'LOCATION_UNAVAILABLE' });
    // Five buyers of 100 Mbps at once: three fit.
    const users = await Promise.all(Array.from({ length: 5 }, () => customer(300)));
    const results = await Promise.all(
      users.map((u) => buyUnlim(u.token, 'unlim-1d-100mbps', 'jp-tokyo')),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(await unlimLocation('jp-tokyo')).toMatchObject({
      status: { is_available: false },
      network: { speeds: { max: '0 Mbps', available: '0 Mbps' } },
    });
    expect(
      await checkLedger(
        db(),
        users.map((u) => u.id),
      ),
    ).toEqual([]);
    // A package that is no longer live gives its speed back.
    const [first] = await db()
      .selectFrom('packages')
      .select('id')
      .where('location_id', '=', (await location('jp-tokyo')).id)
      .execute();
    await setPackageColumns(db(), Number(first?.id), { status: 'inactive' });
    expect((await unlimLocation('jp-tokyo'))?.network.speeds.available).toBe('100 Mbps');
  });

  it('addresses of an ISP package past its restore window go back to the pool, with the reason', async () => {
    await admin('isp-blocks:add', ['127.0.240.0/29', '--country', 'GB']);
    const user = await customer(50);
    const bought = await buyIsp(user.token, 'isp-gb', 'isp-gb-5');
    expect(bought.statusCode, bought.body).toBe(200);
    const id = bought.json<{ package_id: number }>().package_id;
    expect(await ispCount('GB')).toBe(1);
    const expiresAt = new Date(Date.now() - DAY_MS);
    await setPackageColumns(db(), id, { status: 'inactive', expires_at: expiresAt });
    // Restorable for a while: the addresses wait for their package.
    const within = new Date(expiresAt.getTime() + (RESUME_GRACE_DAYS - 1) * DAY_MS);
    expect(
      (await runLifecycleSweeps(db(), { now: within, userIds: [user.id] })).addressesReleased,
    ).toBe(0);
    expect(await ispCount('GB')).toBe(1);
    const after = new Date(expiresAt.getTime() + (RESUME_GRACE_DAYS + 1) * DAY_MS);
    expect(
      (await runLifecycleSweeps(db(), { now: after, userIds: [user.id] })).addressesReleased,
    ).toBe(5);
    expect(await ispCount('GB')).toBe(6);
    expect((await addressHistory(db(), id)).map((held) => held.reason)).toEqual(
      Array(5).fill('expired'),
    );
    // A held address keeps its block in place; a free block can go.
    const other = await customer(50);
    expect((await buyIsp(other.token, 'isp-gb', 'isp-gb-1')).statusCode).toBe(200);
    await expect(admin('isp-blocks:remove', ['127.0.240.0/29'])).rejects.toThrow(/packages hold/);
  });
});
