import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db, NotificationLine } from '@proxy/db';

/**
 * Verification and password-reset mails: someone is waiting for them on the screen, so they
 * have their own queue and workers and never wait behind notification mails (decision 076).
 */
export const MAIL_ACCOUNT_QUEUE = 'mail.account';
/** Notification mails (welcome, purchases, top-ups...): a backlog here delays only these. */
export const MAIL_NOTIFICATION_QUEUE = 'mail.notification';
/**
 * The single mail queue of versions before the split: its worker stays so that mails queued
 * before an upgrade still go out; nothing new is sent to it.
 */
export const LEGACY_MAIL_QUEUE = 'mail';

/**
 * pg-boss options of a job that sends a message: a failed attempt is retried `retryLimit`
 * times, after `retryDelay` seconds doubled each time (exponential backoff), before the job is
 * marked failed. A worker that dies while sending frees its jobs after 60 s (a send, SMTP or
 * Telegram, takes well under a second).
 */
export const sendJobOptions = (retryLimit: number, retryDelay: number) =>
  ({ retryLimit, retryDelay, retryBackoff: true, expireInSeconds: 60 }) as const;

/** Retries of a failed mail: 1 s, 2 s, 4 s ..., 8 of them (about 4 minutes in all). */
export const MAIL_JOB_OPTIONS = sendJobOptions(8, 1);

/** What a notification job carries, by mail or by Telegram: whose it is, which, its lines. */
export type NotificationJobData = { userId: number; type: string; data: NotificationLine[] };

export type NotificationMailJob = NotificationJobData & { kind: 'notification' };

/**
 * A verification or password-reset mail. The job names the user and the address it was asked
 * for, never a link: the worker mints the token when it sends, so no usable secret sits in the
 * job tables (pg-boss keeps finished jobs for days). `userId` null: nothing to send (unknown
 * address, verified already, or a repeat); queued anyway so every answer costs the same
 * (docs/decisions/061).
 */
export type AccountMailJob = {
  kind: 'verify-email' | 'reset-password';
  userId: number | null;
  email: string;
};

export type MailJob = NotificationMailJob | AccountMailJob;

export const mailQueueOf = (job: MailJob) =>
  job.kind === 'notification' ? MAIL_NOTIFICATION_QUEUE : MAIL_ACCOUNT_QUEUE;

/**
 * A module's background work, started and stopped by the jobs plugin (the only owner of
 * pg-boss): `start` creates the module's queues and starts its workers and timers, and returns
 * what stops the timers; pg-boss stops the workers itself, letting running jobs finish.
 */
export type JobWorker = {
  name: string;
  start: (boss: PgBoss, app: FastifyInstance) => Promise<() => Promise<void>>;
};

/** pg-boss's complete/fail/cancel commands end so, and read `rows[0].count` from the answer. */
const COMMAND_TAIL = /SELECT COUNT\(\*\) FROM results\s*$/i;

/**
 * pg-boss's database until `stop()`. A job still running when the stop's timeout passes ends
 * after the app's pool is gone: what pg-boss sends then (the job's completion or failure) is not
 * run, and gets the answer of a statement that changed nothing (a command, a count of 0; anything
 * else, no rows), so no query meets a destroyed pool and nothing throws. The job expires and is
 * retried as after a crash.
 */
export const stoppableBossDb = (db: PgBoss.Db) => {
  let isStopped = false;
  return {
    db: {
      executeSql: (text: string, values: unknown[]) =>
        isStopped
          ? Promise.resolve({ rows: COMMAND_TAIL.test(text) ? [{ count: '0' }] : [] })
          : db.executeSql(text, values),
    } satisfies PgBoss.Db,
    stop: () => {
      isStopped = true;
    },
  };
};

type Logger = { warn: (object: object, message: string) => void };

/**
 * THE pg-boss adapter: pg-boss runs its SQL through Kysely, on the app's pool or the caller's
 * open transaction, so a job commits (or rolls back) with the change that caused it.
 */
export const bossDb = (db: Db): PgBoss.Db => ({
  executeSql: async (text, values) => {
    const query = CompiledQuery.raw(text, (values ?? []) as unknown[]);
    if (db.isTransaction || !OWN_TRANSACTION.test(text))
      return { rows: (await db.executeQuery(query)).rows };
    // pg-boss sends some commands as one `BEGIN; ...; COMMIT;` string (schema creation and
    // migration under its advisory lock) and expects some to fail: two instances starting on a
    // fresh schema race, and the loser's error is caught by pg-boss. A failed string leaves its
    // connection inside an aborted transaction; roll it back before the pool hands it out again.
    return db.connection().execute(async (connection) => {
      try {
        return { rows: (await connection.executeQuery(query)).rows };
      } catch (error) {
        await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
        throw error;
      }
    });
  },
});

const OWN_TRANSACTION = /^\s*BEGIN\b/i;

const FETCH_ORDER_INDEX = 'job_fetch_order';

/**
 * An index in pg-boss's fetch order (decision 086). pg-boss 10 takes the next jobs with
 * `WHERE name = $1 AND state < 'active' ... ORDER BY priority DESC, created_on, id LIMIT n`,
 * and its own index (name, start_after) cannot give that order: every fetch read and sorted
 * the whole backlog (32 ms per fetch at 18k queued mails, so a backlog drained ever slower).
 * With this one a fetch reads its n rows (0.1 ms). Made on the partitioned table, so every
 * queue's partition, present or future, has it. Instances starting together may race to
 * create it: the loser finds it made.
 */
export const ensureFetchOrderIndex = async (db: Db, schema: string) => {
  const exists = async () => {
    const { rows } = await sql<{ found: boolean }>`
      SELECT to_regclass(${`${schema}.${FETCH_ORDER_INDEX}`}) IS NOT NULL AS found`.execute(db);
    return rows[0]?.found === true;
  };
  if (await exists()) return;
  try {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(FETCH_ORDER_INDEX)}
      ON ${sql.id(schema, 'job')} (name, priority DESC, created_on, id)
      WHERE state < 'active'`.execute(db);
  } catch (error) {
    if (!(await exists())) throw error;
  }
};

const DEADLOCK = '40P01';
const CREATE_QUEUE_ATTEMPTS = 5;

/**
 * boss.createQueue, safe when instances start together: pg-boss's create_queue (a table per
 * queue, attached as a partition) deadlocks when two sessions create the same queue at once.
 * PostgreSQL aborts one of them; its retry finds the queue made (ON CONFLICT DO NOTHING).
 */
export const createQueueOnce = async (
  boss: PgBoss,
  name: string,
  options: Omit<PgBoss.Queue, 'name'>,
): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(name, { ...options, name });
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== DEADLOCK || attempt >= CREATE_QUEUE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
};

/**
 * The running queue that services enqueue into. It is process state because `notify(db,
 * userId, type, data)` and a purchase only hold a transaction; the jobs plugin registers its
 * pg-boss instance on start and removes it on close. Every instance in a process talks to the
 * same database, so whichever was registered last can enqueue.
 */
const active: { boss: PgBoss; logger: Logger; schema: string }[] = [];

export const registerQueue = (boss: PgBoss, logger: Logger, schema: string) => {
  const entry = { boss, logger, schema };
  active.push(entry);
  return () => {
    const index = active.indexOf(entry);
    if (index >= 0) active.splice(index, 1);
  };
};

/**
 * Sends a job on the caller's connection or transaction. Null when no queue runs in this
 * process (the admin CLI): the database row that needs the job is then enough, the sweeps of
 * the next worker pick it up. Errors are the caller's.
 */
export const sendJob = async (
  db: Db,
  name: string,
  data: object,
  options: PgBoss.SendOptions = {},
): Promise<string | null> => {
  const queue = active[active.length - 1];
  if (!queue) return null;
  return queue.boss.send(name, data, { ...options, db: bossDb(db) });
};

/**
 * Enqueues a job in the caller's transaction, so the job exists only if the change that caused
 * it commits. A failure to enqueue is logged and swallowed (inside a savepoint when in a
 * transaction): a message must never fail the request. Returns whether a job was queued.
 */
export const enqueueJob = async (
  db: Db,
  name: string,
  data: object,
  options: PgBoss.SendOptions,
): Promise<boolean> => {
  const queue = active[active.length - 1];
  if (!queue) return false; // CLI or a process without workers: the database row is enough.
  const inTransaction = db.isTransaction;
  try {
    if (inTransaction) await sql`SAVEPOINT enqueue_job`.execute(db);
    const id = await sendJob(db, name, data, options);
    if (inTransaction) await sql`RELEASE SAVEPOINT enqueue_job`.execute(db);
    return id !== null;
  } catch (error) {
    if (inTransaction) await sql`ROLLBACK TO SAVEPOINT enqueue_job`.execute(db);
    queue.logger.warn({ err: error, queue: name }, 'job not queued');
    return false;
  }
};

/** A mail job, as enqueueJob: queued with the caller's change, never failing it. */
export const enqueueMail = (db: Db, job: MailJob): Promise<boolean> =>
  enqueueJob(db, mailQueueOf(job), job, MAIL_JOB_OPTIONS);

/** Event loop utilisation above which the process counts as busy serving requests. */
const BUSY_UTILISATION = 0.75;
/** The window the utilisation is measured over (refreshed at most this often). */
const BUSY_WINDOW_MS = 500;

let lastUtilisation = performance.eventLoopUtilization();
let lastMeasuredAt = 0;
let busy = false;

/**
 * Whether the event loop was mostly busy over the last half second or so: requests are
 * waiting on this process, and work that can wait (notification mails) should.
 */
export const isProcessBusy = () => {
  const now = performance.now();
  if (now - lastMeasuredAt >= BUSY_WINDOW_MS) {
    const current = performance.eventLoopUtilization();
    busy =
      performance.eventLoopUtilization(current, lastUtilisation).utilization > BUSY_UTILISATION;
    lastUtilisation = current;
    lastMeasuredAt = now;
  }
  return busy;
};

/**
 * Starts one pg-boss worker on `name` that takes up to `batchSize` jobs at a time. pg-boss 10
 * waits a polling interval after every fetch, even a full one; a full batch asks for the next
 * one at once, so a backlog drains at the handler's speed, not one batch per interval.
 * `deferrable`: work that can wait (notification mails) does not ask at once while the
 * process is busy (isProcessBusy): during a burst of requests it takes one batch per polling
 * interval and catches up when the burst is over (decision 086).
 * The handler settles each job itself (see workEach) or throws to fail the whole batch.
 */
export const workBatches = async <T extends object>(
  boss: PgBoss,
  name: string,
  options: { batchSize: number; pollingIntervalSeconds: number; deferrable?: boolean },
  handler: (jobs: PgBoss.Job<T>[]) => Promise<void>,
): Promise<string> => {
  let workerId: string | null = null;
  const { deferrable = false, ...workOptions } = options;
  workerId = await boss.work<T>(name, workOptions, async (jobs) => {
    await handler(jobs);
    if (jobs.length >= options.batchSize && workerId && !(deferrable && isProcessBusy()))
      boss.notifyWorker(workerId);
  });
  return workerId;
};

/**
 * Runs `run` on every job of a batch in parallel. A job that throws is failed alone (pg-boss
 * retries it with its backoff); pg-boss then completes the others, which are still active.
 */
export const workEach =
  <T extends object>(
    boss: PgBoss,
    name: string,
    run: (job: PgBoss.Job<T>) => Promise<void>,
  ): ((jobs: PgBoss.Job<T>[]) => Promise<void>) =>
  async (jobs) => {
    const results = await Promise.allSettled(jobs.map(run));
    const failures: Promise<void>[] = [];
    results.forEach((result, index) => {
      const job = jobs[index];
      if (result.status === 'fulfilled' || !job) return;
      const reason: unknown = result.reason;
      const message = reason instanceof Error ? reason.message : String(reason);
      failures.push(boss.fail(name, job.id, { message }));
    });
    await Promise.all(failures);
  };

/** A job written by jobInsertSql: its values are SQL (they may read the statement's CTEs). */
export type StatementJob = {
  name: string;
  data: RawBuilder<unknown>;
  singletonKey: RawBuilder<unknown> | null;
  options: {
    retryLimit: number;
    retryDelay: number;
    retryBackoff: boolean;
    expireInSeconds: number;
  };
  /** Whether the job is written at all (e.g. the user's mail switch). */
  when: RawBuilder<boolean>;
};

/**
 * The INSERT of `jobs` into pg-boss's job table as a part (a CTE body) of the caller's own
 * statement, so a purchase writes its jobs in the same round trip as the rest (decision 086).
 * It writes what `boss.send(name, data, options)` writes for these options: the queue's
 * policy, dead letter and retention, `ON CONFLICT DO NOTHING` for singleton keys
 * (jobs.test.ts compares the rows of both). Null when no queue runs in this process, as
 * sendJob returns null: the row that needs the job is enough for the next worker's sweep.
 */
export const jobInsertSql = (jobs: StatementJob[]): RawBuilder<unknown> | null => {
  const queue = active[active.length - 1];
  if (!queue || jobs.length === 0) return null;
  const rows = jobs.map(
    (job) =>
      sql`(${job.name}::text, ${job.data}::jsonb, ${job.singletonKey ?? sql`NULL`}::text, ${job.options.expireInSeconds}::int, ${job.options.retryLimit}::int, ${job.options.retryDelay}::int, ${job.options.retryBackoff}::boolean, ${job.when})`,
  );
  const table = sql.id(queue.schema, 'job');
  const queues = sql.id(queue.schema, 'queue');
  return sql`INSERT INTO ${table} (name, data, priority, start_after, singleton_key, dead_letter, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
    SELECT j.name, j.data, 0, now(), j.singleton_key, q.dead_letter, j.expire_seconds * interval '1 second',
      now() + coalesce(q.retention_minutes * interval '1 minute', interval '14 days'),
      j.retry_limit, CASE WHEN j.retry_backoff THEN greatest(j.retry_delay, 1) ELSE j.retry_delay END,
      j.retry_backoff, q.policy
    FROM (VALUES ${sql.join(rows)}) AS j (name, data, singleton_key, expire_seconds, retry_limit, retry_delay, retry_backoff, enabled)
    JOIN ${queues} q ON q.name = j.name
    WHERE j.enabled
    ON CONFLICT DO NOTHING`;
};
