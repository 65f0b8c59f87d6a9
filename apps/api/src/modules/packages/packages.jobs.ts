import { sql, type RawBuilder } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { DbRoot } from '@proxy/db';
import { workBatches, type JobWorker, type QueuedJob } from '../jobs/jobs.queue.ts';
import type { OutboxJob } from '../jobs/outbox.ts';
import { findUnprovisionedPackageIds } from './packages.repository.ts';
import { provisionPackages } from './packages.service.ts';

export const PROVISION_QUEUE = 'packages.provision';

type ProvisionJob = { packageId: number };

/**
 * Provisioning is one short transaction (the gateway's work will be a few calls more), so a
 * job that has not finished in 30 s has lost its worker: pg-boss then retries it after 1 s,
 * 2 s, 4 s ... 5 times (about half a minute), and the sweep below takes over after that.
 * pg-boss's default (15 minutes to expire) left paid packages pending for 18 minutes.
 */
export const PROVISION_JOB_OPTIONS = {
  expireInSeconds: 30,
  retryLimit: 5,
  retryDelay: 1,
  retryBackoff: true,
} as const;

/**
 * Packages a worker takes at once; they are provisioned in one transaction. Each fetch costs
 * about as much as the provisioning of the whole batch, so during a burst of purchases large
 * batches keep up where batches of 20 fell behind (decision 086).
 */
const PROVISION_BATCH = 100;
/** Packages one sweep re-enqueues at most (a larger backlog takes several sweeps). */
const SWEEP_LIMIT = 1_000;

/**
 * With the queue's `short` policy, at most one job per key waits (`created`): a sweep or a
 * retried purchase adds none while one is queued. Running twice is harmless anyway: see
 * provisionPackages.
 */
const SINGLETON_PREFIX = 'package:';

/** Provisioning of a package, as the sweep queues it. */
export const provisioningJob = (packageId: number): QueuedJob => ({
  name: PROVISION_QUEUE,
  data: { packageId } satisfies ProvisionJob,
  options: { singletonKey: `${SINGLETON_PREFIX}${packageId}`, ...PROVISION_JOB_OPTIONS },
});

/**
 * The same job written by its purchase's statement (outbox.ts), for the package that statement
 * creates (`packageId`), when `when` holds.
 */
export const provisioningOutboxJob = (
  packageId: RawBuilder<number>,
  when: RawBuilder<boolean>,
): OutboxJob => ({
  name: PROVISION_QUEUE,
  data: sql`jsonb_build_object('packageId', ${packageId})`,
  options: sql`${JSON.stringify(PROVISION_JOB_OPTIONS)}::jsonb
    || jsonb_build_object('singletonKey', ${SINGLETON_PREFIX} || ${packageId})`,
  when,
});

/**
 * Re-enqueues packages still waiting for provisioning and created at least `minAgeSeconds`
 * ago: the jobs of a worker that crashed, of a purchase made while no worker ran, or that
 * failed every retry. Returns how many were queued (already-queued ones are skipped).
 */
export const sweepUnprovisionedPackages = async (
  db: DbRoot,
  boss: PgBoss,
  minAgeSeconds: number,
) => {
  const ids = await findUnprovisionedPackageIds(db, minAgeSeconds, SWEEP_LIMIT);
  if (ids.length > 0)
    await boss.insert(
      PROVISION_QUEUE,
      ids.map((id) => {
        const { data, options } = provisioningJob(id);
        return { ...options, data };
      }),
    );
  return ids.length;
};

/**
 * The provisioning worker, and the sweep: once at start (every package still pending: the
 * previous process may have died mid-job, and its job stays `active` until it expires) and
 * then every PROVISIONING_SWEEP_SECONDS for packages older than that (a package is normally
 * active within a second of its purchase). 0 turns the sweep off: the API tests share one
 * database between apps with separate job schemas, and must not provision each other's
 * packages.
 */
export const provisioningWorker: JobWorker = {
  name: 'provisioning',
  start: async (boss, app) => {
    const { JOBS_POLL_SECONDS, PROVISIONING_DELAY_MS, PROVISIONING_SWEEP_SECONDS } = app.config;
    await boss.createQueue(PROVISION_QUEUE, { policy: 'short', ...PROVISION_JOB_OPTIONS });
    await workBatches<ProvisionJob>(
      boss,
      PROVISION_QUEUE,
      { batchSize: PROVISION_BATCH, pollingIntervalSeconds: JOBS_POLL_SECONDS },
      async (jobs) => {
        const ids = [...new Set(jobs.map((j) => j.data.packageId))];
        const provisioned = await provisionPackages(app.db, ids, PROVISIONING_DELAY_MS);
        if (provisioned.length > 0) app.log.info({ packages: provisioned }, 'packages provisioned');
      },
    );
    if (PROVISIONING_SWEEP_SECONDS === 0) return () => Promise.resolve();

    let sweeping: Promise<void> = Promise.resolve();
    const sweep = (minAgeSeconds: number) => {
      sweeping = sweepUnprovisionedPackages(app.db, boss, minAgeSeconds).then(
        (queued) => {
          if (queued > 0) app.log.warn({ queued }, 'unprovisioned packages queued again');
        },
        (error: unknown) => app.log.error({ err: error }, 'provisioning sweep failed'),
      );
      return sweeping;
    };
    await sweep(0);
    const timer = setInterval(() => {
      void sweep(PROVISIONING_SWEEP_SECONDS);
    }, PROVISIONING_SWEEP_SECONDS * 1000);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await sweeping;
    };
  },
};
