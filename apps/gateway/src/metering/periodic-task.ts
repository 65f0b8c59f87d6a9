import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { DbRoot } from '@proxy/db';

/** What every periodic writer of a gateway instance is started with. */
export type InstanceWriterOptions = {
  db: DbRoot;
  instanceId: string;
  intervalMs: number;
  log: Logger;
};

export type PeriodicTask = {
  /** Runs the task now, after the run in progress (if any); rejects with its error. */
  run: () => Promise<void>;
  /** Stops the timer and waits for the run in progress. */
  stop: () => Promise<void>;
};

/**
 * Runs `task` every `intervalMs` (the timer keeps no process alive) and on demand, one run at a
 * time: a run never overlaps the previous one. A failed timer run goes to `onError`; the next
 * tick runs again.
 */
export const startPeriodicTask = (
  intervalMs: number,
  task: () => Promise<void>,
  onError: (error: unknown) => void,
): PeriodicTask => {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.catch(() => undefined).then(task);
    return running;
  };
  const timer = setInterval(() => {
    run().catch(onError);
  }, intervalMs);
  timer.unref();
  return {
    run,
    stop: async () => {
      clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
};

/** Deletes the rows an instance writes once `column` is older than `retention` (an interval). */
export const pruneOlderThan = (
  db: DbRoot,
  rows:
    | { table: 'gateway_instances'; column: 'updated_at' }
    | { table: 'gateway_usage_flushes'; column: 'flushed_at' },
  retention: string,
) =>
  sql`DELETE FROM ${sql.table(rows.table)}
    WHERE ${sql.ref(rows.column)} < now() - ${retention}::interval`.execute(db);
