import {
  PACKAGE_ALERTS_ERRORS,
  type PackageAlerts,
  type PackageAlertsResponse,
} from '@proxy/contract';
import type { Db, DbRoot } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';
import type { SweepScope } from '../package-lifecycle/package-lifecycle.repository.ts';
import { packageLabel } from '../package-lifecycle/package-lifecycle.service.ts';
import {
  claimAlerts,
  findExpiryAlerts,
  findPackageAlerts,
  findTrafficAlerts,
  upsertPackageAlerts,
  type AlertKind,
} from './package-alerts.repository.ts';

const DAY_MS = 86_400_000;
/** Packages one query of a sweep takes (a larger backlog takes several). */
const SWEEP_BATCH = 100;

const answer = (row: NonNullable<Awaited<ReturnType<typeof findPackageAlerts>>>) => ({
  data: {
    traffic_percents: row.traffic_percents,
    expiry_days: row.expiry_days,
    has_traffic: row.has_traffic,
    has_expiry: row.has_expiry,
  },
});

const ownPackage = async (db: Db, userId: number, id: number) => {
  const row = await findPackageAlerts(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
};

export const getPackageAlerts = async (
  db: Db,
  userId: number,
  id: number,
): Promise<PackageAlertsResponse> => answer(await ownPackage(db, userId, id));

/**
 * Replaces the package's alerts. Traffic percentages need a traffic limit (ISP and unlimited
 * packages have none) and days an expiry: otherwise a field error, and nothing changes.
 */
export const setPackageAlerts = async (
  db: Db,
  userId: number,
  id: number,
  alerts: PackageAlerts,
): Promise<PackageAlertsResponse> => {
  const row = await ownPackage(db, userId, id);
  const errors: Record<string, string[]> = {};
  if (alerts.traffic_percents.length > 0 && !row.has_traffic)
    errors.traffic_percents = [PACKAGE_ALERTS_ERRORS.noTraffic];
  if (alerts.expiry_days.length > 0 && !row.has_expiry)
    errors.expiry_days = [PACKAGE_ALERTS_ERRORS.noExpiry];
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { errors });
  await upsertPackageAlerts(db, id, alerts);
  return answer({ ...row, ...alerts });
};

type AlertRow = { id: number; period_key: string; thresholds: number[] };

/**
 * Sends the alerts found, each once: every threshold reached is claimed in package_alerts_sent
 * in the transaction that notifies, and a package is notified only of thresholds this
 * transaction claimed (a concurrent sweep's claim waits for it, then claims nothing). Several
 * thresholds reached at once (a burst of usage, alerts set late) make one notification, of
 * `pick` of them. Repeats while full batches come back; returns how many were sent.
 */
const sendAlertsOnce = async <R extends AlertRow>(
  db: DbRoot,
  kind: AlertKind,
  find: () => Promise<R[]>,
  pick: (thresholds: number[]) => number,
  send: (tx: Db, row: R, threshold: number) => Promise<void>,
) => {
  let sent = 0;
  for (;;) {
    const rows = await find();
    const claimed = await db.transaction().execute(async (tx) => {
      const alerts = await claimAlerts(
        tx,
        rows.flatMap((row) =>
          row.thresholds.map((threshold) => ({
            packageId: row.id,
            kind,
            threshold,
            periodKey: row.period_key,
          })),
        ),
      );
      let notified = 0;
      for (const row of rows) {
        const mine = alerts
          .filter((a) => a.packageId === row.id && a.periodKey === row.period_key)
          .map((a) => a.threshold);
        if (mine.length === 0) continue;
        await send(tx, row, pick(mine));
        notified += 1;
      }
      return notified;
    });
    sent += claimed;
    if (rows.length < SWEEP_BATCH || claimed === 0) return sent;
  }
};

/**
 * Traffic alerts, once per threshold and traffic period: a renewal, an extension or an upgrade
 * that gives fresh traffic starts a new period (start_traffic_period) and so re-arms them.
 * The notification says the share used now (at least the highest threshold reached).
 */
export const sendTrafficAlerts = (db: DbRoot, scope: SweepScope = {}) =>
  sendAlertsOnce(
    db,
    'traffic',
    () => findTrafficAlerts(db, SWEEP_BATCH, scope),
    (thresholds) => Math.max(...thresholds),
    (tx, row, threshold) => {
      const used = Math.min(100, Math.floor((row.used_bytes * 100) / row.limit_bytes));
      return notify(tx, row.user_id, NOTIFICATION_TYPES.trafficAlert, {
        package: packageLabel(row),
        used: `${Math.max(threshold, used)}%`,
      });
    },
  );

/**
 * Expiry alerts at `now`, once per threshold and expiry date: an extension moves the date and
 * so re-arms them. The notification says the whole days left (rounded up) and the expiry.
 */
export const sendExpiryAlerts = (db: DbRoot, options: SweepScope & { now: Date }) =>
  sendAlertsOnce(
    db,
    'expiry',
    () => findExpiryAlerts(db, options.now, SWEEP_BATCH, options),
    (thresholds) => Math.min(...thresholds),
    (tx, row) =>
      notify(tx, row.user_id, NOTIFICATION_TYPES.expiryAlert, {
        package: packageLabel(row),
        days_left: String(
          Math.max(1, Math.ceil((row.expires_at.getTime() - options.now.getTime()) / DAY_MS)),
        ),
        date: row.expires_at.toISOString(),
      }),
  );
