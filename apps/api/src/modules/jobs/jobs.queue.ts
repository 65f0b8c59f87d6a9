import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import {
  fromKysely,
  type Db as BossDb,
  type Job,
  type JobInsert,
  type JobResult,
  type PgBoss,
  type SendOptions,
} from 'pg-boss';
import type { Db, DbRoot, NotificationLine } from '@proxy/db';

/**
 * Verification and password-reset mails: someone is waiting for them on the screen, so they
 * have their own queue and workers and never wait behind notification mails (decision 076).
 */
export const MAIL_ACCOUNT_QUEUE = 'mail.account';
/** Notification mails (welcome, purchases, top-ups...) and receipts: a backlog here delays only these. */
export const MAIL_NOTIFICATION_QUEUE = 'mail.notification';

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

/**
 * The receipt of a credited payment, mailed with its PDF attached (decision 183). The job names
 * the payment only: the worker reads the receipt and renders the PDF when it sends, so no file
 * sits in the job tables.
 */
export type ReceiptMailJob = { kind: 'receipt'; paymentId: string };

export type MailJob = NotificationMailJob | AccountMailJob | ReceiptMailJob;

export const mailQueueOf = (job: MailJob) =>
  job.kind === 'notification' || job.kind === 'receipt'
    ? MAIL_NOTIFICATION_QUEUE
    : MAIL_ACCOUNT_QUEUE;

/**
 * A module's background work, started and stopped by the jobs plugin (the only owner of
 * pg-boss): `start` creates the module's queues and starts its workers and timers, and returns
 * what stops the timers; pg-boss stops the workers itself, letting running jobs finish.
 */
export type JobWorker = {
  name: string;
  start: (boss: PgBoss, app: FastifyInstance) => Promise<() => Promise<void>>;
};

type Logger = { warn: (object: object, message: string) => void };

/**
 * pg-boss's database: its statements run on the app's pool (no second pool), each on a
 * connection of its own. pg-boss sends its schema work and queue creation as one string that
 * opens and commits a transaction; a string that fails half-way leaves its connection inside an
 * aborted transaction, so after any failure the connection is rolled back before the pool hands
 * it out again (a ROLLBACK outside a transaction only warns).
 */
export const poolBossDb = (db: DbRoot): BossDb => ({
  executeSql: (text, values) =>
    db.connection().execute(async (connection) => {
      try {
        const result = await connection.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: result.rows };
      } catch (error) {
        await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
        throw error;
      }
    }),
});

/**
 * The `db` option of a pg-boss call made for the caller: inside the caller's transaction
 * (pg-boss's Kysely adapter), so the job commits or rolls back with the change that caused it;
 * none outside one, where pg-boss's own statement on the same pool is as good.
 */
const callerDb = (db: Db): { db?: BossDb } => (db.isTransaction ? { db: fromKysely(db) } : {});

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
  options: SendOptions = {},
): Promise<string | null> => {
  const queue = active[active.length - 1];
  if (!queue) return null;
  return queue.boss.send(name, data, { ...options, ...callerDb(db) });
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
  options: SendOptions,
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

export type BatchOptions = {
  batchSize: number;
  pollingIntervalSeconds: number;
  /**
   * Work that can wait (notification mails): while the process is busy (isProcessBusy) it
   * takes one batch per polling interval, and catches up when the burst of requests is over
   * (decision 086).
   */
  deferrable?: boolean;
};

/**
 * The pg-boss options of a batch worker, and what it does after a batch. A full batch means
 * more is waiting, so the next one is fetched at once and a backlog drains at the handler's
 * speed, not one batch per polling interval: pg-boss's `burstWhenBatchFull`. That option is
 * fixed when the worker starts; deferrable work decides after each batch instead, asking for
 * the next one at once (notifyWorker) only while the process is not busy.
 */
const batchWorker = (boss: PgBoss, { deferrable = false, ...options }: BatchOptions) => {
  let workerId: string | null = null;
  return {
    options: { ...options, burstWhenBatchFull: !deferrable },
    started: (id: string) => {
      workerId = id;
      return id;
    },
    afterBatch: (size: number) => {
      if (deferrable && size >= options.batchSize && workerId && !isProcessBusy())
        boss.notifyWorker(workerId);
    },
  };
};

/**
 * Starts one pg-boss worker on `name` that takes up to `batchSize` jobs at a time and hands them
 * to `handler` together: the batch completes when it returns and fails (each job retried with
 * its backoff) when it throws.
 */
export const workBatches = async <T extends object>(
  boss: PgBoss,
  name: string,
  options: BatchOptions,
  handler: (jobs: Job<T>[]) => Promise<void>,
): Promise<string> => {
  const worker = batchWorker(boss, options);
  return worker.started(
    await boss.work<T>(name, worker.options, async (jobs) => {
      await handler(jobs);
      worker.afterBatch(jobs.length);
    }),
  );
};

/**
 * As workBatches, but `run` takes each job of a batch on its own, all in parallel, and each job
 * is settled by itself (pg-boss's `perJobResults`): one that throws is failed alone and retried
 * with its backoff, the others complete.
 */
export const workEach = async <T extends object>(
  boss: PgBoss,
  name: string,
  options: BatchOptions,
  run: (job: Job<T>) => Promise<void>,
): Promise<string> => {
  const worker = batchWorker(boss, options);
  return worker.started(
    await boss.work<T>(name, { ...worker.options, perJobResults: true }, async (jobs) => {
      const results = await Promise.allSettled(jobs.map(run));
      worker.afterBatch(jobs.length);
      return results.map((result, index): JobResult => {
        const id = jobs[index]?.id ?? '';
        if (result.status === 'fulfilled') return { id, status: 'completed' };
        const reason: unknown = result.reason;
        const message = reason instanceof Error ? reason.message : String(reason);
        return { id, status: 'failed', output: { message } };
      });
    }),
  );
};

/** A job and its pg-boss options, as queued by a change (outbox.ts) or a sweep. */
export type QueuedJob = { name: string; data: object; options: Omit<JobInsert, 'data'> };
