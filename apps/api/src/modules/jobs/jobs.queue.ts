import { CompiledQuery, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db, NotificationLine } from '../../db/types.ts';

/** The queue of every outgoing mail: notifications and the account mails (pg-boss). */
export const MAIL_QUEUE = 'mail';

/**
 * Retries of a failed mail: 1 s, 2 s, 4 s ... (pg-boss exponential backoff), 8 attempts
 * after the first (about 4 minutes in all) before the job is marked failed.
 */
export const MAIL_RETRY = { retryLimit: 8, retryDelay: 1, retryBackoff: true } as const;

export type NotificationMailJob = {
  kind: 'notification';
  userId: number;
  type: string;
  data: NotificationLine[];
};

/**
 * A verification or password-reset mail. The job names the user and the address it was asked
 * for, never a link: the worker mints the token when it sends, so no usable secret sits in the
 * job tables (pg-boss keeps finished jobs for days).
 */
export type AccountMailJob = {
  kind: 'verify-email' | 'reset-password';
  userId: number;
  email: string;
};

export type MailJob = NotificationMailJob | AccountMailJob;

type Logger = { warn: (object: object, message: string) => void };

/** pg-boss runs its SQL through Kysely: the app's pool, or the caller's open transaction. */
export const bossDb = (db: Db): PgBoss.Db => ({
  executeSql: async (text, values) => {
    const result = await db.executeQuery(CompiledQuery.raw(text, (values ?? []) as unknown[]));
    return { rows: result.rows };
  },
});

/**
 * The running queue that `notify` enqueues into. It is process state because `notify(db,
 * userId, type, data)` is called from services that only hold a transaction; the jobs plugin
 * registers its pg-boss instance on start and removes it on close. Every instance in a process
 * talks to the same database, so whichever was registered last can enqueue.
 */
const active: { boss: PgBoss; logger: Logger }[] = [];

export const registerQueue = (boss: PgBoss, logger: Logger) => {
  const entry = { boss, logger };
  active.push(entry);
  return () => {
    const index = active.indexOf(entry);
    if (index >= 0) active.splice(index, 1);
  };
};

/**
 * Enqueues a mail job in the caller's transaction, so the job exists only if the change that
 * caused it commits. A failure to enqueue is logged and swallowed (inside a savepoint when in a
 * transaction): mail must never fail the request. Returns whether a job was queued.
 */
export const enqueueMail = async (db: Db, job: MailJob): Promise<boolean> => {
  const queue = active[active.length - 1];
  if (!queue) return false; // CLI or a process without workers: the database row is enough.
  const inTransaction = db.isTransaction;
  try {
    if (inTransaction) await sql`SAVEPOINT enqueue_mail`.execute(db);
    const id = await queue.boss.send(MAIL_QUEUE, job, { ...MAIL_RETRY, db: bossDb(db) });
    if (inTransaction) await sql`RELEASE SAVEPOINT enqueue_mail`.execute(db);
    return id !== null;
  } catch (error) {
    if (inTransaction) await sql`ROLLBACK TO SAVEPOINT enqueue_mail`.execute(db);
    queue.logger.warn({ err: error, kind: job.kind }, 'mail job not queued');
    return false;
  }
};
