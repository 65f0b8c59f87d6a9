import type { DbRoot } from '@proxy/db';
import type { JobWorker } from '../jobs/jobs.queue.ts';
import { expireLapsedPayments } from './payments.repository.ts';

/** Payments one statement of the sweep expires (a larger backlog takes several). */
const SWEEP_BATCH = 1_000;

/**
 * The sweep's clock and scope: `now` is the moment it treats as the present (the job passes the
 * time it runs, the tests any time); `userIds` limits it to some users (the API tests share one
 * database with other test files; the job sweeps everyone).
 */
export type PaymentSweepOptions = { now: Date; userIds?: readonly number[] };

/**
 * Every payment still waiting when its checkout closed (payments.expires_at: the provider's
 * lifetime, decision 155) becomes expired, as the provider's own checkout does. Each statement
 * skips rows another transaction holds, so concurrent sweeps and webhooks never expire a payment
 * twice or expire one being credited. Returns how many expired.
 */
export const sweepExpiredPayments = async (
  db: DbRoot,
  options: PaymentSweepOptions,
): Promise<number> => {
  let expired = 0;
  for (;;) {
    const batch = await expireLapsedPayments(db, options.now, SWEEP_BATCH, options.userIds);
    expired += batch;
    if (batch < SWEEP_BATCH) return expired;
  }
};

export const PAYMENT_EXPIRY_QUEUE = 'payments.expiry';

/**
 * A sweep is one short statement per batch: one not finished in 5 minutes lost its worker, and
 * the next one (an interval later) does its work anyway, so no retries.
 */
const PAYMENT_EXPIRY_JOB_OPTIONS = { expireInSeconds: 300, retryLimit: 0 } as const;

/**
 * The expiry sweep as a pg-boss job, as the package lifecycle's: every
 * PAYMENT_EXPIRY_SWEEP_SECONDS (0: off, for the API tests that share one database) each
 * instance asks for one, and pg-boss keeps one job per interval whoever asks (singletonKey +
 * singletonSeconds) and runs one at a time (policy `singleton`).
 */
export const paymentExpiryWorker: JobWorker = {
  name: 'payment-expiry',
  start: async (boss, app) => {
    const seconds = app.config.PAYMENT_EXPIRY_SWEEP_SECONDS;
    if (seconds === 0) return () => Promise.resolve();
    await boss.createQueue(PAYMENT_EXPIRY_QUEUE, {
      policy: 'singleton',
      ...PAYMENT_EXPIRY_JOB_OPTIONS,
    });
    await boss.work(
      PAYMENT_EXPIRY_QUEUE,
      { pollingIntervalSeconds: app.config.JOBS_POLL_SECONDS },
      async () => {
        const expired = await sweepExpiredPayments(app.db, { now: new Date() });
        if (expired > 0) app.log.info({ expired }, 'unpaid payments expired');
      },
    );
    const ask = () =>
      boss
        .send(
          PAYMENT_EXPIRY_QUEUE,
          {},
          { ...PAYMENT_EXPIRY_JOB_OPTIONS, singletonKey: 'sweep', singletonSeconds: seconds },
        )
        .catch((error: unknown) => app.log.error({ err: error }, 'payment expiry not queued'));
    const timer = setInterval(() => void ask(), seconds * 1000);
    timer.unref();
    await ask();
    return () => {
      clearInterval(timer);
      return Promise.resolve();
    };
  },
};
