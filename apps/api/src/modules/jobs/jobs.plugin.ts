import fp from 'fastify-plugin';
import { PgBoss } from 'pg-boss';
import { packageEventsWorker } from '../packages/package-events.jobs.ts';
import { packageLifecycleWorker } from '../package-lifecycle/package-lifecycle.jobs.ts';
import { provisioningWorker } from '../packages/packages.jobs.ts';
import { poolBossDb, registerQueue, type JobWorker } from './jobs.queue.ts';
import { mailWorker } from './mail.jobs.ts';
import { outboxWorker } from './outbox.ts';
import { moveV10Jobs, setAsideV10Schema } from './pg-boss-10-upgrade.ts';
import { paymentExpiryWorker } from '../payments/payments.jobs.ts';
import { telegramWorker } from '../telegram/telegram.jobs.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** The running pg-boss; null when it failed to start. */
    jobs: PgBoss | null;
  }
}

/**
 * Every module's background work; a new one is added here. The outbox comes last: the jobs it
 * moves go to queues the others create.
 */
const WORKERS: JobWorker[] = [
  mailWorker,
  provisioningWorker,
  packageEventsWorker,
  packageLifecycleWorker,
  paymentExpiryWorker,
  telegramWorker,
  outboxWorker,
];

/**
 * Time the close hook gives running jobs; pg-boss then fails the ones still running, for a
 * retry, and sends nothing more once its stop has returned.
 */
const STOP_TIMEOUT_MS = 5_000;

/**
 * The one owner of pg-boss: on the app's own database (through the app's Kysely pool, no second
 * pool) in the JOBS_SCHEMA schema. It starts every module's workers (WORKERS) and stops them
 * with the app: app.close() stops the timers, then pg-boss, letting running jobs finish; an
 * error on the way is the caller's (server.ts exits 1), never swallowed.
 */
export const jobsPlugin = fp(
  async (app) => {
    const schema = app.config.JOBS_SCHEMA;
    const boss = new PgBoss({
      db: poolBossDb(app.db),
      schema,
      // No cron: the lifecycle sweeps ask for their job on a timer (singletonSeconds), which
      // pg-boss deduplicates across instances; maintenance still runs.
      schedule: false,
    });
    app.decorate('jobs', null);
    boss.on('error', (error) => app.log.error({ err: error }, 'pg-boss error'));
    let wasSetAside = false;
    try {
      wasSetAside = await setAsideV10Schema(app.db, schema);
      await boss.start();
    } catch (error) {
      // The app still serves (GET /health reports the database); notifications are stored,
      // and no job runs until the next start, whose sweep provisions pending packages.
      app.log.error({ err: error }, 'job queue not started: mails and provisioning are off');
      await boss.stop({ graceful: false });
      return;
    }
    const unregister = registerQueue(boss, app.log, schema);
    app.jobs = boss;

    const stops: (() => Promise<void>)[] = [];
    const stop = async () => {
      unregister();
      app.jobs = null;
      const results = await Promise.allSettled(stops.map((stopWorker) => stopWorker()));
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    };
    try {
      for (const worker of WORKERS) stops.push(await worker.start(boss, app));
    } catch (error) {
      await stop();
      throw error;
    }
    // Also looked for when no schema was set aside now: another instance may have set it aside
    // and stopped before moving its jobs.
    await moveV10Jobs(app.db, boss, schema).then(
      (moved) => {
        if (moved > 0 || wasSetAside)
          app.log.info({ moved }, 'pg-boss 10 jobs moved to pg-boss 12');
      },
      (error: unknown) =>
        app.log.error({ err: error }, 'pg-boss 10 jobs not moved: tried again at the next start'),
    );
    app.addHook('onClose', stop);
  },
  { name: 'jobs', dependencies: ['database'] },
);
