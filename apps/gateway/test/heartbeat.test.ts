import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPackage,
  openDatabase,
  socksDownload,
  startHttpOrigin,
  startTestGateway,
  waitFor,
  waitForPackage,
  type Origin,
} from './helpers.ts';

const MB = 1024 * 1024;

describe('instance heartbeat (unlimited panel metrics)', () => {
  const database = openDatabase();
  let origin: Origin;
  beforeAll(async () => {
    origin = await startHttpOrigin();
  });
  afterAll(async () => {
    await origin.close();
    await database.close();
  });

  const rowOf = (instanceId: string) =>
    database.db
      .selectFrom('gateway_instances')
      .selectAll()
      .where('instance_id', '=', instanceId)
      .executeTakeFirst();

  it('writes host CPU and RAM and the current speed of the packages it carries; a stop deletes it', async () => {
    const instanceId = `hb-${randomBytes(4).toString('hex')}`;
    const gateway = await startTestGateway({
      GATEWAY_INSTANCE_ID: instanceId,
      GATEWAY_METRICS_INTERVAL_MS: '3600000',
    });
    try {
      // 16 Mbps = 2 MB/s: 3 MB take about 1.5 s.
      const pkg = await createPackage(database.db, { type: 'unlim', speed_limit: 16 });
      await waitForPackage(gateway, pkg.id);
      await gateway.flushUsage();
      const started = Date.now();
      const received = await socksDownload(gateway, pkg, origin, 3 * MB);
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
    const instanceId = `hb-${randomBytes(4).toString('hex')}`;
    const gateway = await startTestGateway({
      GATEWAY_INSTANCE_ID: instanceId,
      GATEWAY_METRICS_INTERVAL_MS: '200',
    });
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
