import { LOW_TRAFFIC_PERCENT, RESUME_GRACE_DAYS, formatDollars, toDollars } from '@proxy/contract';
import type { Db, DbRoot } from '@proxy/db';
import type { JobWorker } from '../jobs/jobs.queue.ts';
import { releaseLapsedIspAddresses } from '../inventory/isp-addresses.repository.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';
import {
  claimNotices,
  findDuePackageIds,
  findPackagesToRemind,
  findPackagesToWarn,
  lockDuePackage,
  type Notice,
  type SweepScope,
} from './package-lifecycle.repository.ts';
import { expirePackage, packageLabel, renewalTerms } from './package-lifecycle.service.ts';
import { sendExpiryAlerts, sendTrafficAlerts } from '../package-alerts/package-alerts.service.ts';

/** Packages one query of a sweep takes (a larger backlog takes several). */
const SWEEP_BATCH = 100;

/**
 * A sweep's clock and scope: `now` is the moment it treats as the present (the job passes the
 * time it runs; the tests pass any time), `userIds` limits it to some users (the API tests share
 * one database with other test files; the job sweeps everyone).
 */
export type SweepOptions = SweepScope & { now: Date };

export type ExpirySweepResult = { renewed: number; short: number; expired: number };

/**
 * Every running package whose expiry is due at `now`: renewed from the balance when auto-renew
 * is on, else (or when the balance is short) made inactive, each notified (expirePackage). One
 * transaction per package, which locks its row FOR UPDATE SKIP LOCKED and re-checks that it is
 * still due: two instances sweeping at once never handle one package twice, and a package
 * renewed by the other is no longer due. A crash rolls its package back for the next sweep.
 */
export const sweepExpiredPackages = async (
  db: DbRoot,
  options: SweepOptions,
): Promise<ExpirySweepResult> => {
  const result: ExpirySweepResult = { renewed: 0, short: 0, expired: 0 };
  for (;;) {
    const ids = await findDuePackageIds(db, options.now, SWEEP_BATCH, options);
    let handled = 0;
    for (const id of ids) {
      const outcome = await db.transaction().execute(async (tx) => {
        const p = await lockDuePackage(tx, id, options.now);
        return p ? expirePackage(tx, p, options.now) : null;
      });
      if (outcome) {
        result[outcome] += 1;
        handled += 1;
      }
    }
    // A short batch was the last; a batch another instance took entirely is its to finish.
    if (ids.length < SWEEP_BATCH || handled === 0) return result;
  }
};

/**
 * Sends notices not sent before, in one transaction with their claim (package_notices): a
 * notice claimed by a concurrent sweep is not claimed here, so each goes out once. Repeats
 * while full batches come back. Returns how many were sent.
 */
const sendOnce = async <R extends { id: number; kind: Notice['kind']; period_key: string }>(
  db: DbRoot,
  find: () => Promise<R[]>,
  send: (tx: Db, row: R) => Promise<void>,
) => {
  let sent = 0;
  for (;;) {
    const rows = await find();
    const claimed = await db.transaction().execute(async (tx) => {
      const notices = await claimNotices(
        tx,
        rows.map((r) => ({ packageId: r.id, kind: r.kind, periodKey: r.period_key })),
      );
      const keys = new Set(notices.map((n) => `${n.packageId}:${n.kind}:${n.periodKey}`));
      const mine = rows.filter((r) => keys.has(`${r.id}:${r.kind}:${r.period_key}`));
      for (const row of mine) await send(tx, row);
      return mine.length;
    });
    sent += claimed;
    if (rows.length < SWEEP_BATCH || claimed === 0) return sent;
  }
};

/**
 * Expiry reminders, 3 days and 1 day before (decision 109), once per package and expiry date:
 * an extension moves the date, so the next period is reminded again. A package with auto-renew
 * is told what will be charged (`package_renewal_upcoming`), others that they expire.
 */
export const sendExpiryReminders = (db: DbRoot, options: SweepOptions) =>
  sendOnce(
    db,
    () => findPackagesToRemind(db, options.now, SWEEP_BATCH, options),
    async (tx, row) => {
      const date = row.expires_at.toISOString();
      const label = packageLabel(row);
      if (row.auto_update)
        await notify(tx, row.user_id, NOTIFICATION_TYPES.packageRenewalUpcoming, {
          package: label,
          date,
          amount: formatDollars(toDollars(renewalTerms(row).priceCents)),
        });
      else
        await notify(tx, row.user_id, NOTIFICATION_TYPES.packageExpiring, {
          package: label,
          date,
        });
    },
  );

/**
 * Traffic warnings, once per traffic period each (spec: low when more than 0 and at most 10%
 * is left, and at 0): `traffic_low`, and `traffic_exhausted` for a package that used its
 * traffic without the gateway reporting it (the gateway's report, package-events.jobs.ts,
 * claims the same notice, so a package is told once).
 */
export const sendTrafficWarnings = (db: DbRoot, scope: SweepScope = {}) =>
  sendOnce(
    db,
    () => findPackagesToWarn(db, LOW_TRAFFIC_PERCENT, SWEEP_BATCH, scope),
    async (tx, row) => {
      const label = `${row.title ?? ''} #${row.id}`.trim();
      if (row.kind === 'traffic_exhausted')
        await notify(tx, row.user_id, NOTIFICATION_TYPES.trafficExhausted, { package: label });
      else {
        const left = Math.max(0, row.limit_bytes - row.used_bytes);
        const percent = Math.max(1, Math.floor((left * 100) / row.limit_bytes));
        await notify(tx, row.user_id, NOTIFICATION_TYPES.trafficLow, {
          package: label,
          percent: `${percent}%`,
        });
      }
    },
  );

/** Every lifecycle sweep at `now`, in order: expiry first, so a renewed package is reminded anew. */
export const runLifecycleSweeps = async (db: DbRoot, options: SweepOptions) => ({
  expiry: await sweepExpiredPackages(db, options),
  reminders: await sendExpiryReminders(db, options),
  warnings: await sendTrafficWarnings(db, options),
  // The customer's own thresholds (decision 184), after the expiry for the same reason.
  alerts: {
    expiry: await sendExpiryAlerts(db, options),
    traffic: await sendTrafficAlerts(db, options),
  },
  // ISP addresses of packages past their restore window go back to the pool (decision 154).
  addressesReleased: await releaseLapsedIspAddresses(db, {
    ...options,
    graceDays: RESUME_GRACE_DAYS,
  }),
});

export const LIFECYCLE_QUEUE = 'packages.lifecycle';

/**
 * A sweep is a few short transactions per due package: one that has not finished in 5 minutes
 * lost its worker, and the next one (a minute later) does its work anyway, so no retries.
 */
const LIFECYCLE_JOB_OPTIONS = { expireInSeconds: 300, retryLimit: 0 } as const;

/**
 * The lifecycle sweeps as a pg-boss job: every PACKAGE_LIFECYCLE_SWEEP_SECONDS (0: off, for
 * the API tests that share one database) each instance asks for one, and pg-boss keeps one job
 * per interval whoever asks (singletonKey + singletonSeconds) and runs one at a time (policy
 * `singleton`). Running two at once would still be safe: each sweep is idempotent (above).
 */
export const packageLifecycleWorker: JobWorker = {
  name: 'package-lifecycle',
  start: async (boss, app) => {
    const seconds = app.config.PACKAGE_LIFECYCLE_SWEEP_SECONDS;
    if (seconds === 0) return () => Promise.resolve();
    await boss.createQueue(LIFECYCLE_QUEUE, {
      policy: 'singleton',
      ...LIFECYCLE_JOB_OPTIONS,
    });
    await boss.work(
      LIFECYCLE_QUEUE,
      { pollingIntervalSeconds: app.config.JOBS_POLL_SECONDS },
      async () => {
        const done = await runLifecycleSweeps(app.db, { now: new Date() });
        if (done.expiry.renewed + done.expiry.short + done.expiry.expired > 0)
          app.log.info(done.expiry, 'package expiries handled');
      },
    );
    const ask = () =>
      boss
        .send(
          LIFECYCLE_QUEUE,
          {},
          {
            ...LIFECYCLE_JOB_OPTIONS,
            singletonKey: 'sweep',
            singletonSeconds: seconds,
          },
        )
        .catch((error: unknown) => app.log.error({ err: error }, 'lifecycle sweep not queued'));
    const timer = setInterval(() => void ask(), seconds * 1000);
    timer.unref();
    await ask();
    return () => {
      clearInterval(timer);
      return Promise.resolve();
    };
  },
};
