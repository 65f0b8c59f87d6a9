import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { applyUsageBatch } from '../src/metering/usage-flusher.ts';
import {
  addPackage,
  createPackage,
  socksDownload,
  startTestGateway,
  usageOf,
  useDatabaseAndOrigin,
  waitFor,
  waitForPackage,
  withGateway,
  type Origin,
  type TestGateway,
  type TestPackage,
} from './helpers.ts';

const HOUR_MS = 3_600_000;
const MB = 1024 * 1024;

const download = async (gateway: TestGateway, pkg: TestPackage, origin: Origin, size: number) => {
  await socksDownload(gateway, pkg, origin, size);
  await waitFor(() => gateway.registry.count(pkg.id) === 0);
};

describe('usage flushes', () => {
  const shared = useDatabaseAndOrigin();
  const { database } = shared;

  it('a retried flush (same id) adds nothing twice; deleted packages are skipped', async () => {
    const pkg = await createPackage(database.db);
    const gone = await createPackage(database.db);
    await database.db.deleteFrom('packages').where('id', '=', gone.id).execute();
    const batch = {
      flushId: `test-${randomBytes(6).toString('hex')}`,
      hour: new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS),
      deltas: [
        { packageId: pkg.id, up: 100, down: 2000 },
        { packageId: gone.id, up: 1, down: 1 },
      ],
    };
    expect(await applyUsageBatch(database.db, batch)).toBe(true);
    expect(await applyUsageBatch(database.db, batch)).toBe(false);
    expect(await usageOf(database.db, pkg.id)).toEqual({ up: 100, down: 2000 });
    // Another flush of the same hour adds to the same row.
    await applyUsageBatch(database.db, { ...batch, flushId: `${batch.flushId}-2` });
    expect(await usageOf(database.db, pkg.id)).toEqual({ up: 200, down: 4000 });
    const rows = await database.db
      .selectFrom('package_usage_hourly')
      .select('hour')
      .where('package_id', '=', pkg.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('flushes on its own every interval', async () => {
    await withGateway({ GATEWAY_FLUSH_INTERVAL_MS: '200' }, async (gateway) => {
      const pkg = await addPackage(gateway);
      await download(gateway, pkg, shared.origin, 50_000);
      await waitFor(async () => (await usageOf(database.db, pkg.id)).down > 50_000);
    });
  });

  it('a graceful stop writes what was counted since the last flush', async () => {
    const gateway = await startTestGateway();
    const pkg = await addPackage(gateway);
    await download(gateway, pkg, shared.origin, 30_000);
    expect(await usageOf(database.db, pkg.id)).toEqual({ up: 0, down: 0 });
    await gateway.close();
    expect((await usageOf(database.db, pkg.id)).down).toBeGreaterThan(30_000);
  });

  it('two gateway instances on one database add up in the same hourly row', async () => {
    const first = await startTestGateway();
    const second = await startTestGateway();
    try {
      const pkg = await addPackage(first);
      await waitForPackage(second, pkg.id);
      const before = shared.origin.bytesWritten();
      await download(first, pkg, shared.origin, 40_000);
      await download(second, pkg, shared.origin, 60_000);
      await Promise.all([first.flushUsage(), second.flushUsage()]);
      expect((await usageOf(database.db, pkg.id)).down).toBe(shared.origin.bytesWritten() - before);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('counts nothing with metering off', async () => {
    await withGateway({ GATEWAY_METERING: 'false' }, async (gateway) => {
      const pkg = await addPackage(gateway);
      await download(gateway, pkg, shared.origin, 10_000);
      await gateway.flushUsage();
      expect(await usageOf(database.db, pkg.id)).toEqual({ up: 0, down: 0 });
    });
  });

  // The instance heartbeat (unlimited panel metrics, decision 097): speeds come from the flushes.
  const rowOf = (instanceId: string) =>
    database.db
      .selectFrom('gateway_instances')
      .selectAll()
      .where('instance_id', '=', instanceId)
      .executeTakeFirst();
  /** A gateway with its own instance id that beats every `intervalMs`. */
  const startBeatingGateway = async (intervalMs: number) => {
    const instanceId = `hb-${randomBytes(4).toString('hex')}`;
    const gateway = await startTestGateway({
      GATEWAY_INSTANCE_ID: instanceId,
      GATEWAY_METRICS_INTERVAL_MS: String(intervalMs),
    });
    return { instanceId, gateway };
  };

  it('writes host CPU and RAM and the current speed of the packages it carries; a stop deletes it', async () => {
    const { instanceId, gateway } = await startBeatingGateway(3_600_000);
    try {
      // 16 Mbps = 2 MB/s: 3 MB take about 1.5 s.
      const pkg = await createPackage(database.db, { type: 'unlim', speed_limit: 16 });
      await waitForPackage(gateway, pkg.id);
      await gateway.flushUsage();
      const started = Date.now();
      const received = await socksDownload(gateway, pkg, shared.origin, 3 * MB);
      await gateway.flushUsage();
      const elapsed = (Date.now() - started) / 1000;
      await gateway.beat();

      const row = await rowOf(instanceId);
      expect(row?.host).toBe(hostname());
      expect(row?.cpu_usage).toBeGreaterThanOrEqual(0);
      expect(row?.cpu_usage).toBeLessThanOrEqual(100);
      expect(row?.ram_usage).toBeGreaterThan(0);
      expect(row?.ram_usage).toBeLessThanOrEqual(100);
      const speeds = row?.package_speeds as Record<string, number>;
      const speed = speeds[String(pkg.id)] ?? 0;
      // The bytes of the interval over its length: about the limit while downloading.
      expect(speed).toBeGreaterThan((received / elapsed) * 0.8);
      expect(speed).toBeLessThan(2 * MB * 1.15);

      // An interval without traffic: the package has no current speed any more.
      await gateway.flushUsage();
      await gateway.beat();
      expect((await rowOf(instanceId))?.package_speeds).toEqual({});
    } finally {
      await gateway.close();
    }
    expect(await rowOf(instanceId)).toBeUndefined();
  });

  it('beats on its own every interval', async () => {
    const { instanceId, gateway } = await startBeatingGateway(200);
    try {
      const first = await waitFor(() => rowOf(instanceId));
      const later = await waitFor(async () => {
        const row = await rowOf(instanceId);
        return row && row.updated_at > first.updated_at ? row : undefined;
      });
      expect(later.updated_at.getTime()).toBeGreaterThan(first.updated_at.getTime());
    } finally {
      await gateway.close();
    }
  });
});
