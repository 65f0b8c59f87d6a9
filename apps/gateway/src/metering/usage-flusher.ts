import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';
import { pruneOlderThan, startPeriodicTask, type InstanceWriterOptions } from './periodic-task.ts';
import type { UsageBatch, UsageJournal } from './usage-journal.ts';
import type { UsageCounter, UsageDelta, UsageMeter } from './usage-meter.ts';

const HOUR_MS = 3_600_000;
/**
 * Applied flush ids are kept this long: a retry comes seconds later, a journal is taken over
 * when its gateway starts again (usage-journal.ts), which a week covers.
 */
const FLUSH_ID_RETENTION = '7 days';
const PRUNE_EVERY_MS = HOUR_MS;

/**
 * Adds a batch to the hourly usage tables, once: the flush id is recorded in the same statement,
 * and a batch whose id is already there adds nothing (a retry after a commit whose answer was
 * lost). Every delta counts toward its package (package_usage_hourly, summed per package); a
 * sub-user's also toward the sub-user (sub_user_usage_hourly). Packages and sub-users deleted
 * since are skipped rather than failing the batch. Returns whether the batch was applied now
 * (false: it had been before).
 */
export const applyUsageBatch = async (db: DbRoot, batch: UsageBatch): Promise<boolean> => {
  const ids = batch.deltas.map((delta) => delta.packageId);
  const subUserIds = batch.deltas.map((delta) => delta.subUserId ?? null);
  const ups = batch.deltas.map((delta) => delta.up);
  const downs = batch.deltas.map((delta) => delta.down);
  const result = await sql<{ applied: boolean }>`
    WITH flush AS (
      INSERT INTO gateway_usage_flushes (flush_id) VALUES (${batch.flushId})
      ON CONFLICT (flush_id) DO NOTHING
      RETURNING true AS applied
    ), deltas AS (
      SELECT * FROM unnest(${ids}::bigint[], ${subUserIds}::bigint[], ${ups}::bigint[],
        ${downs}::bigint[]) AS d(package_id, sub_user_id, up, down)
      WHERE EXISTS (SELECT 1 FROM flush)
    ), usage AS (
      INSERT INTO package_usage_hourly AS u (package_id, hour, bytes_up, bytes_down)
      SELECT d.package_id, ${batch.hour}, sum(d.up), sum(d.down)
      FROM deltas d
      JOIN packages p ON p.id = d.package_id
      GROUP BY d.package_id
      ORDER BY d.package_id
      ON CONFLICT (package_id, hour) DO UPDATE
        SET bytes_up = u.bytes_up + EXCLUDED.bytes_up,
            bytes_down = u.bytes_down + EXCLUDED.bytes_down,
            updated_at = now()
    ), sub_user_usage AS (
      INSERT INTO sub_user_usage_hourly AS u (sub_user_id, hour, bytes_up, bytes_down)
      SELECT d.sub_user_id, ${batch.hour}, sum(d.up), sum(d.down)
      FROM deltas d
      JOIN package_sub_users s ON s.id = d.sub_user_id
      GROUP BY d.sub_user_id
      ORDER BY d.sub_user_id
      ON CONFLICT (sub_user_id, hour) DO UPDATE
        SET bytes_up = u.bytes_up + EXCLUDED.bytes_up,
            bytes_down = u.bytes_down + EXCLUDED.bytes_down,
            updated_at = now()
    )
    SELECT EXISTS (SELECT 1 FROM flush) AS applied`.execute(db);
  return result.rows[0]?.applied ?? false;
};

export type UsageFlusher = {
  /** Takes the counters now and writes every pending batch (the graceful stop's last flush). */
  flush: () => Promise<void>;
  /** Stops the timers; `isSettled`: whether the database holds every batch (none pending). */
  stop: () => Promise<{ isSettled: boolean }>;
};

/**
 * Every `intervalMs`: the meter's deltas become a batch with its interval's flush id, go into
 * the journal (on disk before anything else), and pending batches are written oldest first. A
 * failed write keeps its batch (same id, same deltas) for the next tick, so nothing is lost or
 * doubled while the database is away; bytes counted meanwhile go to later batches. Every
 * `noteIntervalMs` the bytes counted so far in the interval are noted in the journal, so a
 * crash loses at most that much. Batches the journal took over at start go first. Bytes are
 * booked to the hour in which their interval began.
 */
export const startUsageFlusher = (
  options: InstanceWriterOptions & {
    meter: UsageMeter;
    journal: UsageJournal;
    /** Batches of journals taken over at start (UsageJournal.open). */
    adopted: readonly UsageBatch[];
    noteIntervalMs: number;
    /** Whether a connection still holds the counter (it is kept while it counts nothing). */
    isInUse: (counter: UsageCounter) => boolean;
    /** Sees every interval's deltas and length (the heartbeat's current speeds). */
    onCollect?: (deltas: readonly UsageDelta[], elapsedMs: number) => void;
  },
): UsageFlusher => {
  const { db, meter, journal, log } = options;
  const pending: UsageBatch[] = [...options.adopted];
  let sequence = 0;
  let lastPrune = 0;

  /** The running interval: its flush id is known from its start, for the journal's notes. */
  const intervalFrom = (start: number) => {
    sequence += 1;
    return {
      start,
      flushId: `${options.instanceId}:${start}:${sequence}`,
      hour: new Date(Math.floor(start / HOUR_MS) * HOUR_MS),
    };
  };
  let interval = intervalFrom(Date.now());

  const note = () => {
    journal.note(interval.flushId, interval.hour, meter.takeNoted());
  };
  const notes = setInterval(note, options.noteIntervalMs);
  notes.unref();

  const collect = async () => {
    const now = Date.now();
    const deltas = meter.takeDeltas(options.isInUse);
    const ended = interval;
    options.onCollect?.(deltas, now - ended.start);
    interval = intervalFrom(now);
    if (deltas.length === 0) return;
    const batch = { flushId: ended.flushId, hour: ended.hour, deltas };
    pending.push(batch);
    await journal.collected(batch, pending);
  };

  const writePending = async () => {
    const before = pending.length;
    while (pending.length > 0) {
      const batch = pending[0];
      if (!batch) break;
      await applyUsageBatch(db, batch);
      pending.shift();
    }
    if (before > 0) {
      // Started over, the journal notes the running interval again from its start.
      journal.settled();
      meter.forgetNoted();
      note();
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      const flushIds = { table: 'gateway_usage_flushes', column: 'flushed_at' } as const;
      await pruneOlderThan(db, flushIds, FLUSH_ID_RETENTION);
    }
  };

  // A tick never overlaps the previous one (or the final flush); a failed one is retried.
  const flushes = startPeriodicTask(
    options.intervalMs,
    async () => {
      await collect();
      try {
        await writePending();
      } catch (error) {
        log.warn(
          { err: error, pending: pending.length },
          'usage flush failed; the batches wait in the journal and are retried',
        );
        throw error;
      }
    },
    () => undefined,
  );

  return {
    flush: flushes.run,
    stop: async () => {
      clearInterval(notes);
      await flushes.stop();
      return { isSettled: pending.length === 0 };
    },
  };
};
