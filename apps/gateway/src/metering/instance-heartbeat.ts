import { cpus, freemem, hostname, totalmem } from 'node:os';
import { sql } from 'kysely';
import { pruneOlderThan, startPeriodicTask, type InstanceWriterOptions } from './periodic-task.ts';
import type { UsageDelta } from './usage-meter.ts';

/** Heartbeats of instances gone this long are deleted (a crashed instance never deletes its own). */
const STALE_RETENTION = '1 day';

type CpuSample = { idle: number; total: number };

const sampleCpu = (): CpuSample => {
  let idle = 0;
  let total = 0;
  for (const cpu of cpus()) {
    const { user, nice, sys, irq } = cpu.times;
    idle += cpu.times.idle;
    total += user + nice + sys + irq + cpu.times.idle;
  }
  return { idle, total };
};

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/** Busy share of all cores between two samples, in percent (0 when no time passed). */
export const cpuPercent = (from: CpuSample, to: CpuSample) => {
  const total = to.total - from.total;
  return total <= 0 ? 0 : clampPercent((100 * (total - (to.idle - from.idle))) / total);
};

/** Memory in use (not free or reclaimable, as the OS reports it), in percent. */
export const ramPercent = () => clampPercent((100 * (totalmem() - freemem())) / totalmem());

export type InstanceHeartbeat = {
  /** The bytes one flush interval carried: the packages' current speed until the next one. */
  record: (deltas: readonly UsageDelta[], elapsedMs: number) => void;
  /** Writes this instance's row now (tests; the timer does it every interval). */
  beat: () => Promise<void>;
  /** Stops the timer and deletes this instance's row (a stopped instance carries nothing). */
  stop: () => Promise<void>;
};

/**
 * This instance's row in gateway_instances (decision 097): the host's CPU and
 * memory use and the current speed (bytes per second, up plus down) of every package that moved
 * bytes in the last flush interval, for the unlimited panel's live metrics. One small upsert
 * per interval whatever the traffic; the speeds come from the flusher's deltas, so counting
 * costs nothing more on the hot path.
 */
export const startInstanceHeartbeat = (options: InstanceWriterOptions): InstanceHeartbeat => {
  const { db, instanceId, log } = options;
  const host = hostname();
  let speeds: Record<string, number> = {};
  let lastCpu = sampleCpu();
  let isStopped = false;

  const write = async () => {
    const cpu = sampleCpu();
    const cpuUsage = cpuPercent(lastCpu, cpu);
    lastCpu = cpu;
    await sql`
      INSERT INTO gateway_instances AS g
        (instance_id, host, cpu_usage, ram_usage, package_speeds, updated_at)
      VALUES (${instanceId}, ${host}, ${cpuUsage}, ${ramPercent()},
        ${JSON.stringify(speeds)}::jsonb, now())
      ON CONFLICT (instance_id) DO UPDATE SET
        host = EXCLUDED.host, cpu_usage = EXCLUDED.cpu_usage, ram_usage = EXCLUDED.ram_usage,
        package_speeds = EXCLUDED.package_speeds, updated_at = now()`.execute(db);
    await pruneOlderThan(db, { table: 'gateway_instances', column: 'updated_at' }, STALE_RETENTION);
  };

  const beats = startPeriodicTask(
    options.intervalMs,
    () => (isStopped ? Promise.resolve() : write()),
    (error) => log.warn({ err: error }, 'gateway heartbeat failed'),
  );

  return {
    record: (deltas, elapsedMs) => {
      const seconds = Math.max(elapsedMs, 1) / 1000;
      const next: Record<string, number> = {};
      // A package's own bytes and each sub-user's come as deltas of their own: summed.
      for (const delta of deltas)
        next[delta.packageId] =
          (next[delta.packageId] ?? 0) + Math.round((delta.up + delta.down) / seconds);
      speeds = next;
    },
    beat: beats.run,
    stop: async () => {
      await beats.stop();
      isStopped = true;
      await db.deleteFrom('gateway_instances').where('instance_id', '=', instanceId).execute();
    },
  };
};
