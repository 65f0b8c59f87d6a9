import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbRoot } from '../../db/types.ts';
import { activatePackage } from './packages.repository.ts';

export const PROVISION_QUEUE = 'packages-provision';

type Executor = Kysely<Database> | Transaction<Database>;

/** pg-boss over our Kysely pool (or an open transaction): no second pool, jobs commit with their cause. */
const adapter = (db: Executor) => ({
  executeSql: async (text: string, values?: unknown[]) => {
    const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: result.rows };
  },
});

export type Provisioner = {
  /** Starts pg-boss (idempotent) and the provisioning worker. */
  start: () => Promise<void>;
  /** Queues provisioning of a package inside the purchase transaction. */
  enqueue: (tx: Transaction<Database>, packageId: number) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Provisioning a package (pending -> active) runs as a pg-boss job. The job row is inserted
 * in the purchase transaction, so a package never exists without its job and a rolled-back
 * purchase leaves no job. The gateway issue will do the real provisioning in this worker.
 */
export const createProvisioner = (
  db: DbRoot,
  log: FastifyBaseLogger,
  /** The app's pg-boss (jobs plugin) when there is one; otherwise a private instance. */
  shared: PgBoss | null,
): Provisioner => {
  const boss =
    shared ?? new PgBoss({ db: adapter(db), schema: 'pgboss', supervise: true, schedule: false });
  if (!shared) boss.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
  let starting: Promise<void> | null = null;
  let stopped = false;
  return {
    start: () => {
      starting ??= (async () => {
        if (!shared) await boss.start();
        await boss.createQueue(PROVISION_QUEUE);
        await boss.work<{ packageId: number }>(
          PROVISION_QUEUE,
          { pollingIntervalSeconds: 0.5, batchSize: 20 },
          async (jobs) => {
            for (const job of jobs) await activatePackage(db, job.data.packageId);
          },
        );
      })().catch((error: unknown) => {
        starting = null;
        throw error;
      });
      return starting;
    },
    enqueue: async (tx, packageId) => {
      await boss.send(
        PROVISION_QUEUE,
        { packageId },
        { db: adapter(tx), retryLimit: 5, retryDelay: 2 },
      );
    },
    stop: async () => {
      if (stopped || !starting) return;
      stopped = true;
      await starting.catch(() => undefined);
      if (shared) {
        await boss.offWork(PROVISION_QUEUE).catch(() => undefined);
        return;
      }
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
};
