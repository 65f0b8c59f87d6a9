import { hostname } from 'node:os';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createTestApp,
  testConfig,
  useTestApp,
  verifiedUser,
  waitFor,
  type TestContext,
} from '../../../test/helpers.ts';
import { creditBalance, customerWhoBought, loadShop, tariffByKey } from '../../../test/shop.ts';
import { activePackage, meter, setPackageColumns } from '../../../test/packages.ts';
import { notifyPackageEvents } from './package-events.jobs.ts';

const GB = 1024 ** 3;

type Detail = {
  traffic_used_bytes: number;
  traffic_left_bytes: number | null;
  traffic_limit_bytes: number | null;
  package_info: { traffic_usage_common: number; traffic_limit_common: number | null };
  host: string;
  port_http: number;
  port_socks: number;
  status: string;
};

const detailOf = async (ctx: TestContext, token: string, id: number) => {
  const response = await ctx.api.request('GET', `/api/packages/${id}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Detail }>().data;
};

describe('package usage comes from the gateway metering', () => {
  const ctx = useTestApp({
    GATEWAY_PUBLIC_HOST: 'proxy.example.net',
    GATEWAY_HTTP_PORT: '18080',
    GATEWAY_SOCKS_PORT: '11080',
  });

  it('list and detail show traffic used and left from the hourly usage table, and where to connect', async () => {
    await loadShop(ctx.database.db);
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    const fresh = await detailOf(ctx, user.token, packageId);
    expect(fresh).toMatchObject({
      traffic_used_bytes: 0,
      traffic_left_bytes: GB,
      traffic_limit_bytes: GB,
      package_info: { traffic_usage_common: 0, traffic_limit_common: GB },
      host: 'proxy.example.net',
      port_http: 18080,
      port_socks: 11080,
    });

    await meter(ctx.database.db, packageId, 2, 1_000, 200_000_000);
    await meter(ctx.database.db, packageId, 0, 500, 99_998_500);
    // A counter on the packages row is not what the cabinet shows.
    await setPackageColumns(ctx.database.db, packageId, { traffic_used_bytes: 7 });
    const used = 300_000_000;
    const detail = await detailOf(ctx, user.token, packageId);
    expect(detail).toMatchObject({
      traffic_used_bytes: used,
      traffic_left_bytes: GB - used,
      package_info: { traffic_usage_common: used, traffic_limit_common: GB },
    });
    const list = await ctx.api.request('GET', '/api/packages', { token: user.token });
    expect(list.json<{ packages: { data: Detail[] } }>().packages.data[0]).toMatchObject({
      traffic_used_bytes: used,
      traffic_left_bytes: GB - used,
    });

    // Over the limit (the gateway's overshoot bound): left never goes below 0.
    await meter(ctx.database.db, packageId, 0, 0, GB);
    expect(await detailOf(ctx, user.token, packageId)).toMatchObject({
      traffic_used_bytes: GB + used,
      traffic_left_bytes: 0,
    });
  });

  it('a new traffic period counts usage from zero and leases the whole limit again', async () => {
    const { user, packageId } = await activePackage(ctx, 'base-1gb');
    const db = ctx.database.db;
    await meter(db, packageId, 1, 0, GB);
    // The gateway leases the rest and finds nothing: the package becomes empty.
    const lease = async () =>
      Number(
        (
          await sql<{ n: string }>`SELECT gateway_lease_traffic(${packageId}, ${GB}) AS n`.execute(
            db,
          )
        ).rows[0]?.n,
      );
    expect(await lease()).toBe(0);

    // What a renewal does: a new period, then the package active again.
    await db.transaction().execute(async (tx) => {
      await sql`SELECT start_traffic_period(${packageId})`.execute(tx);
      await tx
        .updateTable('packages')
        .set({ status: 'active' })
        .where('id', '=', packageId)
        .execute();
    });
    expect(await detailOf(ctx, user.token, packageId)).toMatchObject({
      traffic_used_bytes: 0,
      traffic_left_bytes: GB,
    });
    // The first lease of the period starts from the period's usage: an eighth of the limit.
    expect(await lease()).toBe(GB / 8);
    await meter(db, packageId, 0, 10, 90);
    expect(await detailOf(ctx, user.token, packageId)).toMatchObject({
      traffic_used_bytes: 100,
      traffic_left_bytes: GB - 100,
    });
  });

  it('unlimited panel metrics: speed, gateway host CPU and RAM, traffic; 404 for other packages', async () => {
    const db = ctx.database.db;
    const user = await verifiedUser(ctx);
    await creditBalance(db, user.id, 30_000);
    const tariff = await tariffByKey(db, 'unlim-1d-100mbps');
    const location = await db
      .selectFrom('unlim_locations')
      .select('id')
      .where('key', '=', 'de-frankfurt')
      .executeTakeFirstOrThrow();
    const bought = await ctx.api.request('POST', '/api/tariff/buy-unlim', {
      token: user.token,
      payload: { tariff_id: tariff.id, location_id: location.id },
    });
    const packageId = bought.json<{ package_id: number }>().package_id;
    await meter(db, packageId, 0, 1_000, 4_000);

    // Two gateway instances carry it, a third does not, a fourth crashed long ago.
    await db.deleteFrom('gateway_instances').execute();
    const beat = (id: string, cpu: number, ram: number, speeds: Record<string, number>, age = 0) =>
      sql`INSERT INTO gateway_instances (instance_id, host, cpu_usage, ram_usage, package_speeds, updated_at)
        VALUES (${id}, 'h', ${cpu}, ${ram}, ${JSON.stringify(speeds)}::jsonb, now() - make_interval(secs => ${age}))`.execute(
        db,
      );
    await beat('gw-a', 20, 40, { [packageId]: 1_250_000 });
    await beat('gw-b', 35.55, 30, { [packageId]: 2_500_000, 999999999: 5 });
    await beat('gw-c', 90, 95, {});
    await beat('gw-dead', 99, 99, { [packageId]: 9_000_000 }, 600);

    const usage = await ctx.api.request('GET', `/api/unlim/${packageId}/usage`, {
      token: user.token,
    });
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toEqual({
      data: { speed: 30, server: { cpu_usage: 35.6, ram_usage: 40 }, traffic: 5_000 },
    });

    // Nobody carries it: the busiest running host. No gateway running: nulls.
    await db.deleteFrom('gateway_instances').where('instance_id', 'in', ['gw-a', 'gw-b']).execute();
    expect(
      (await ctx.api.request('GET', `/api/unlim/${packageId}/usage`, { token: user.token })).json(),
    ).toEqual({ data: { speed: 0, server: { cpu_usage: 90, ram_usage: 95 }, traffic: 5_000 } });
    await db.deleteFrom('gateway_instances').execute();
    expect(
      (await ctx.api.request('GET', `/api/unlim/${packageId}/usage`, { token: user.token })).json(),
    ).toEqual({ data: { speed: 0, server: { cpu_usage: null, ram_usage: null }, traffic: 5_000 } });

    const other = await customerWhoBought(ctx, 'base-1gb');
    for (const [token, id] of [
      [other.user.token, packageId],
      [user.token, other.packageId],
    ] as const)
      expect((await ctx.api.request('GET', `/api/unlim/${id}/usage`, { token })).statusCode).toBe(
        404,
      );
  });
});

describe('where customers connect (configuration)', () => {
  it('GATEWAY_PUBLIC_HOST defaults to GATEWAY_HOST, or the host name on a wildcard address', () => {
    expect(testConfig().GATEWAY_PUBLIC_HOST).toBe('127.0.0.1');
    expect(testConfig({ GATEWAY_HOST: '10.1.2.3' }).GATEWAY_PUBLIC_HOST).toBe('10.1.2.3');
    expect(testConfig({ GATEWAY_HOST: '0.0.0.0' }).GATEWAY_PUBLIC_HOST).toBe(hostname());
    expect(
      testConfig({ GATEWAY_HOST: '0.0.0.0', GATEWAY_PUBLIC_HOST: 'proxy.example' })
        .GATEWAY_PUBLIC_HOST,
    ).toBe('proxy.example');
    expect(testConfig()).toMatchObject({ GATEWAY_HTTP_PORT: 8080, GATEWAY_SOCKS_PORT: 1080 });
    expect(() => testConfig({ GATEWAY_HTTP_PORT: '70000' })).toThrow(/GATEWAY_HTTP_PORT/);
  });
});

describe('quota exhaustion reaches the jobs and is notified once', () => {
  it('two API instances sweeping: one cabinet notification and one mail per exhaustion', async () => {
    const first = await createTestApp({ PACKAGE_EVENTS_SWEEP_SECONDS: '0.2' });
    const second = await createTestApp({ PACKAGE_EVENTS_SWEEP_SECONDS: '0.2' });
    try {
      await loadShop(first.database.db);
      const db = first.database.db;
      const { user, packageId } = await activePackage(first, 'base-1gb');
      /** Used up but for 1,000 bytes, which two leases take: the package's grants are full. */
      const useUp = async (id: number) => {
        await meter(db, id, 0, 0, GB - 1_000);
        for (let i = 0; i < 2; i += 1)
          await sql`SELECT gateway_lease_traffic(${id}, ${GB})`.execute(db);
      };
      await useUp(packageId);
      // Two gateway instances find the budget gone at the same moment.
      const marked = await Promise.all([
        sql<{
          changed: boolean;
        }>`SELECT gateway_mark_traffic_empty(${packageId}) AS changed`.execute(db),
        sql<{
          changed: boolean;
        }>`SELECT gateway_mark_traffic_empty(${packageId}) AS changed`.execute(second.database.db),
      ]);
      expect(marked.map((r) => r.rows[0]?.changed).sort()).toEqual([false, true]);

      const notifications = async () =>
        (await first.api.request('GET', '/api/profile/notifications', { token: user.token })).json<{
          data: { type: string; data: { label: string; value: string }[] }[];
        }>().data;
      const exhausted = await waitFor(async () => {
        const found = (await notifications()).filter(
          (n) => n.type === 'notifications.traffic_exhausted',
        );
        return found.length > 0 ? found : undefined;
      });
      expect(exhausted[0]?.data).toEqual([{ label: 'package', value: `Base 1 GB #${packageId}` }]);
      const mails = await waitFor(() => {
        const sent = [...first.notificationMails, ...second.notificationMails].filter(
          (mail) => mail.to === user.email,
        );
        return sent.some((mail) => JSON.stringify(mail).includes('used up')) ? sent : undefined;
      });
      // The event is taken: a direct sweep finds nothing.
      expect(await notifyPackageEvents(db)).toBe(0);
      // A later exhaustion (another customer's package) is notified and mailed: the sweeps and
      // the mail workers have run again since, and the first exhaustion got nothing more.
      const later = await activePackage(first, 'base-1gb');
      await useUp(later.packageId);
      const [laterMarked] = (
        await sql<{
          changed: boolean;
        }>`SELECT gateway_mark_traffic_empty(${later.packageId}) AS changed`.execute(db)
      ).rows;
      expect(laterMarked?.changed).toBe(true);
      await waitFor(() =>
        [...first.notificationMails, ...second.notificationMails].find(
          (mail) => mail.to === later.user.email && JSON.stringify(mail).includes('used up'),
        ),
      );
      expect(
        (await notifications()).filter((n) => n.type === 'notifications.traffic_exhausted'),
      ).toHaveLength(1);
      expect(
        [...first.notificationMails, ...second.notificationMails].filter(
          (mail) => mail.to === user.email && JSON.stringify(mail).includes('used up'),
        ),
      ).toHaveLength(mails.filter((mail) => JSON.stringify(mail).includes('used up')).length);
      expect(mails.filter((mail) => JSON.stringify(mail).includes('used up'))).toHaveLength(1);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
