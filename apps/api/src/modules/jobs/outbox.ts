import { sql, type RawBuilder } from 'kysely';
import { fromKysely, type PgBoss } from 'pg-boss';
import type { DbRoot } from '@proxy/db';
import type { JobWorker, QueuedJob } from './jobs.queue.ts';

/**
 * The job outbox (decision 179). A change that needs background work writes its jobs as rows of
 * our own `job_outbox` table inside its own statement, so a purchase stays one round trip and
 * its jobs commit or roll back with it. Right after the commit the process moves them into
 * pg-boss with pg-boss's public `insert`, the jobs of every change committed meanwhile in one
 * transaction that also deletes their rows: a job is moved exactly once, whichever process or
 * crash comes in between, and a crash leaves the rows for the next move (at most one polling
 * interval later, or at the next start).
 */

/**
 * A job written by the change's statement: its values are SQL, so they may read the statement's
 * other parts (the new package's id), and `when` says whether it is written at all (the user's
 * channel settings, whether the change happened).
 */
export type OutboxJob = {
  name: string;
  /** jsonb: what the job carries. */
  data: RawBuilder<unknown>;
  /** jsonb: its pg-boss options (JobInsert without `data`). */
  options: RawBuilder<unknown>;
  when: RawBuilder<boolean>;
};

const jsonb = (value: object) => sql`${JSON.stringify(value)}::jsonb`;

/** A job whose values are known before the statement runs, written when `when` holds. */
export const outboxJob = (job: QueuedJob, when: RawBuilder<boolean>): OutboxJob => ({
  name: job.name,
  data: jsonb(job.data),
  options: jsonb(job.options),
  when,
});

type Logger = {
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

/**
 * While changes keep committing, the next move waits this long after one that moved jobs, so
 * that a move carries the jobs of many purchases instead of one or two (decision 179: at 50
 * buyers, 100 ms moved more purchases per second than 50 ms or none). It is well inside the
 * workers' polling interval, which decides when a moved job starts anyway.
 */
const GATHER_MS = 100;

/** Rows one move takes at most; a longer backlog takes several, each its own transaction. */
const MOVE_BATCH = 1_000;

/**
 * Moves up to MOVE_BATCH of `schema`'s outbox rows (of `queue` only, when given) into pg-boss,
 * oldest first, in one transaction: the rows are deleted and their jobs inserted (one `insert`
 * per queue), or neither. Rows another mover holds are skipped, not waited for. Returns how
 * many moved.
 */
const moveBatch = (db: DbRoot, boss: PgBoss, schema: string, queue: string | null) =>
  db.transaction().execute(async (tx) => {
    const { rows } = await sql<{
      queue: string;
      data: Record<string, unknown>;
      options: Record<string, unknown>;
    }>`
      DELETE FROM job_outbox
       WHERE id IN (SELECT id FROM job_outbox
                     WHERE jobs_schema = ${schema} AND (${queue}::text IS NULL OR queue = ${queue})
                     ORDER BY id LIMIT ${MOVE_BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING queue, data, options`.execute(tx);
    const byQueue = new Map<string, typeof rows>();
    for (const row of rows) byQueue.set(row.queue, [...(byQueue.get(row.queue) ?? []), row]);
    for (const [name, queued] of byQueue)
      await boss.insert(
        name,
        queued.map((row) => ({ ...row.options, data: row.data })),
        { db: fromKysely(tx) },
      );
    return rows.length;
  });

/** Moves batches of `schema`'s rows (of `queue` only, when given) until none is left. */
const moveAll = async (db: DbRoot, boss: PgBoss, schema: string, queue: string | null) => {
  let moved = 0;
  for (;;) {
    const batch = await moveBatch(db, boss, schema, queue);
    moved += batch;
    if (batch < MOVE_BATCH) return moved;
  }
};

/**
 * Moves all of `schema`'s outbox rows that no other mover holds; returns how many moved. When a
 * move fails, each queue is moved on its own, so a queue that refuses its jobs (one a later
 * release no longer creates) holds back only its own rows; the first failure is then thrown.
 */
export const moveOutbox = async (db: DbRoot, boss: PgBoss, schema: string): Promise<number> => {
  try {
    return await moveAll(db, boss, schema, null);
  } catch (error) {
    const { rows } = await sql<{ queue: string }>`
      SELECT DISTINCT queue FROM job_outbox WHERE jobs_schema = ${schema}`.execute(db);
    const results = [];
    for (const { queue } of rows)
      results.push(await moveAll(db, boss, schema, queue).catch(() => null));
    if (results.includes(null)) throw error;
    return results.reduce<number>((sum, moved) => sum + (moved ?? 0), 0);
  }
};

/**
 * The mover of one process: `kick` after a commit that wrote outbox rows starts a move, or, when
 * one runs, has it go round once more, so kicks during a burst of purchases share moves. A
 * failed move is logged; the rows wait for the next kick or tick.
 */
const createMover = (db: DbRoot, boss: PgBoss, schema: string, logger: Logger) => {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async () => {
    for (;;) {
      again = false;
      const moved = await moveOutbox(db, boss, schema);
      if (!again) return;
      if (moved > 0) await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
    }
  };
  const kick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .catch((error: unknown) => logger.error({ err: error }, 'outbox jobs not moved'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  return { schema, kick };
};

type Mover = ReturnType<typeof createMover>;

/**
 * The movers running in this process (process state, as jobs.queue.ts's queues: a purchase
 * holds only its connection). Whichever started last writes and moves; none in the admin CLI,
 * whose changes then write no outbox rows and rely on the sweeps, as they always did.
 */
const movers: Mover[] = [];

/**
 * The INSERT of `jobs` into the outbox, as a part (a CTE body) of the caller's statement, for
 * the running mover's schema. Null when no mover runs in this process (see `movers`).
 */
export const outboxInsertSql = (jobs: OutboxJob[]): RawBuilder<unknown> | null => {
  const mover = movers[movers.length - 1];
  if (!mover || jobs.length === 0) return null;
  const rows = jobs.map(
    (job) => sql`(${job.name}::text, ${job.data}::jsonb, ${job.options}::jsonb, ${job.when})`,
  );
  return sql`INSERT INTO job_outbox (jobs_schema, queue, data, options)
    SELECT ${mover.schema}, j.queue, j.data, j.options
      FROM (VALUES ${sql.join(rows)}) AS j (queue, data, options, enabled)
     WHERE j.enabled`;
};

/**
 * Starts moving the outbox after a commit that wrote to it; resolves when that move is done
 * (callers need not wait: the rows are safe either way).
 */
export const kickOutbox = (): Promise<void> =>
  movers[movers.length - 1]?.kick() ?? Promise.resolve();

/**
 * The mover as a module's background work: it moves what a previous process left at start,
 * then after every kick and every JOBS_POLL_SECONDS (rows of a kick that failed), and once more
 * at the stop, before pg-boss stops.
 */
export const outboxWorker: JobWorker = {
  name: 'outbox',
  start: async (boss, app) => {
    const mover = createMover(app.db, boss, app.config.JOBS_SCHEMA, app.log);
    movers.push(mover);
    await mover.kick();
    const timer = setInterval(() => {
      void mover.kick();
    }, app.config.JOBS_POLL_SECONDS * 1000);
    timer.unref();
    return async () => {
      clearInterval(timer);
      const index = movers.indexOf(mover);
      if (index >= 0) movers.splice(index, 1);
      await mover.kick();
    };
  },
};
