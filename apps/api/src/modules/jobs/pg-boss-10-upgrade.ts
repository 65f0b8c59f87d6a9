import { sql } from 'kysely';
import { fromKysely, type JobInsert, type PgBoss, type Queue } from 'pg-boss';
import type { Db, DbRoot } from '@proxy/db';
import { mailQueueOf, type MailJob } from './jobs.queue.ts';

/**
 * The upgrade of a pg-boss 10 database. pg-boss 12 migrates only schemas of pg-boss 11 and later
 * (schema version 25 on); on a pg-boss 10 schema (version 24) its start() refuses, and pg-boss's
 * own advice is to move the jobs over. This file is the one place that reads pg-boss 10's tables:
 * their shape is fixed, since no pg-boss 10 runs any more (pg-boss-10-upgrade.test.ts builds one
 * with pg-boss 10 itself).
 */
const V10_SCHEMA_VERSION = 24;

/** The single mail queue before decision 076's split: its jobs go to the split queues. */
const LEGACY_MAIL_QUEUE = 'mail';

/** Where a pg-boss 10 schema waits while pg-boss 12 installs in its place. */
export const v10SchemaOf = (schema: string) => `${schema}_v10`;

/** Instances starting together take turns: the later ones find the work done. */
const lockUpgrade = (tx: Db, schema: string) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${`pg-boss 10 upgrade ${schema}`}))`.execute(tx);

const exists = async (tx: Db, relation: string) => {
  const { rows } = await sql<{ found: boolean }>`
    SELECT to_regclass(${relation}) IS NOT NULL AS found`.execute(tx);
  return rows[0]?.found === true;
};

/**
 * Before pg-boss starts: a pg-boss 10 schema in `schema` is renamed (v10SchemaOf), so pg-boss 12
 * installs a fresh one in its place. Returns whether there was one.
 */
export const setAsideV10Schema = (db: DbRoot, schema: string): Promise<boolean> =>
  db.transaction().execute(async (tx) => {
    await lockUpgrade(tx, schema);
    if (!(await exists(tx, `${schema}.version`))) return false;
    const { rows } = await sql<{ version: number }>`
      SELECT version::int AS version FROM ${sql.id(schema, 'version')}`.execute(tx);
    if (rows[0]?.version !== V10_SCHEMA_VERSION) return false;
    await sql`ALTER SCHEMA ${sql.id(schema)} RENAME TO ${sql.id(v10SchemaOf(schema))}`.execute(tx);
    return true;
  });

type V10Queue = {
  name: string;
  policy: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
  retention_minutes: number | null;
};

type V10Job = {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  state: 'created' | 'retry' | 'active';
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date;
  singleton_key: string | null;
  expire_seconds: number;
};

const queueOptions = (queue: V10Queue): Omit<Queue, 'name'> => ({
  ...(queue.policy !== null && { policy: queue.policy }),
  ...(queue.retry_limit !== null && { retryLimit: queue.retry_limit }),
  ...(queue.retry_delay !== null && { retryDelay: queue.retry_delay }),
  ...(queue.retry_backoff !== null && { retryBackoff: queue.retry_backoff }),
  ...(queue.expire_seconds !== null && { expireInSeconds: queue.expire_seconds }),
  ...(queue.retention_minutes !== null && { retentionSeconds: queue.retention_minutes * 60 }),
});

/**
 * A job pg-boss 10 had not finished, as pg-boss 12 queues it: a waiting one keeps its start time,
 * one that was running when its process stopped runs again, as after a crash. Retries already
 * spent are not carried over (pg-boss's insert has no such field).
 */
const toInsert = (job: V10Job): JobInsert => ({
  id: job.id,
  data: job.data ?? {},
  priority: job.priority,
  retryLimit: job.retry_limit,
  retryDelay: job.retry_delay,
  retryBackoff: job.retry_backoff,
  expireInSeconds: job.expire_seconds,
  ...(job.singleton_key !== null && { singletonKey: job.singleton_key }),
  ...(job.state !== 'active' && { startAfter: job.start_after }),
});

const queueOfJob = (job: V10Job) =>
  job.name === LEGACY_MAIL_QUEUE ? mailQueueOf(job.data as MailJob) : job.name;

/**
 * Once the workers have created their queues: the jobs pg-boss 10 had not finished are queued
 * again through pg-boss 12 (a queue no worker created is created with its pg-boss 10 options),
 * and the old schema is dropped, in one transaction: a failure leaves it for the next start.
 * Returns how many jobs were moved.
 */
export const moveV10Jobs = (db: DbRoot, boss: PgBoss, schema: string): Promise<number> =>
  db.transaction().execute(async (tx) => {
    await lockUpgrade(tx, schema);
    const old = v10SchemaOf(schema);
    if (!(await exists(tx, `${old}.job`))) return 0;
    const { rows: queues } = await sql<V10Queue>`
      SELECT name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds, retention_minutes
      FROM ${sql.id(old, 'queue')}`.execute(tx);
    const { rows: jobs } = await sql<V10Job>`
      SELECT id, name, data, priority, state, retry_limit, retry_delay, retry_backoff, start_after,
        singleton_key, EXTRACT(epoch FROM expire_in)::int AS expire_seconds
      FROM ${sql.id(old, 'job')}
      WHERE state IN ('created', 'retry', 'active')
      ORDER BY created_on`.execute(tx);
    const byQueue = new Map<string, V10Job[]>();
    for (const job of jobs) {
      const name = queueOfJob(job);
      const queued = byQueue.get(name);
      if (queued) queued.push(job);
      else byQueue.set(name, [job]);
    }
    for (const [name, queued] of byQueue) {
      if (!(await boss.getQueue(name))) {
        const source = queues.find((queue) => queue.name === name);
        await boss.createQueue(name, source ? queueOptions(source) : {});
      }
      await boss.insert(name, queued.map(toInsert), { db: fromKysely(tx) });
    }
    await sql`DROP SCHEMA ${sql.id(old)} CASCADE`.execute(tx);
    return jobs.length;
  });
