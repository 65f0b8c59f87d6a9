import { sql } from 'kysely';
import type { Db } from '@proxy/db';
import type { SweepScope } from '../package-lifecycle/package-lifecycle.repository.ts';

/** The owner's package with its alerts (empty lists without a row); another user's reads as missing. */
export const findPackageAlerts = (db: Db, userId: number, id: number) =>
  db
    .selectFrom('packages as p')
    .leftJoin('package_alert_settings as s', 's.package_id', 'p.id')
    .select([
      'p.id',
      sql<boolean>`p.traffic_limit_bytes IS NOT NULL`.as('has_traffic'),
      sql<boolean>`p.period_days IS NOT NULL OR p.expires_at IS NOT NULL`.as('has_expiry'),
      sql<number[]>`coalesce(s.traffic_percents, '{}')`.as('traffic_percents'),
      sql<number[]>`coalesce(s.expiry_days, '{}')`.as('expiry_days'),
    ])
    .where('p.id', '=', id)
    .where('p.user_id', '=', userId)
    .where('p.deleted_at', 'is', null)
    .executeTakeFirst();

/** Replaces the package's alerts (one row per package). */
export const upsertPackageAlerts = (
  db: Db,
  id: number,
  alerts: { traffic_percents: number[]; expiry_days: number[] },
) =>
  db
    .insertInto('package_alert_settings')
    .values({ package_id: id, ...alerts })
    .onConflict((conflict) =>
      conflict.column('package_id').doUpdateSet({ ...alerts, updated_at: sql<Date>`now()` }),
    )
    .execute();

export type AlertKind = 'traffic' | 'expiry';
export type SentAlert = {
  packageId: number;
  kind: AlertKind;
  threshold: number;
  periodKey: string;
};

/**
 * Records alerts not sent before and returns those it recorded: the caller notifies exactly
 * these in the same transaction. A concurrent sweep inserting the same key waits for this
 * transaction, then records nothing (ON CONFLICT DO NOTHING).
 */
export const claimAlerts = async (tx: Db, alerts: SentAlert[]): Promise<SentAlert[]> => {
  if (alerts.length === 0) return [];
  const rows = await tx
    .insertInto('package_alerts_sent')
    .values(
      alerts.map((a) => ({
        package_id: a.packageId,
        kind: a.kind,
        threshold: a.threshold,
        period_key: a.periodKey,
      })),
    )
    .onConflict((oc) => oc.columns(['package_id', 'kind', 'threshold', 'period_key']).doNothing())
    .returning(['package_id', 'kind', 'threshold', 'period_key'])
    .execute();
  return rows.map((r) => ({
    packageId: r.package_id,
    kind: r.kind,
    threshold: r.threshold,
    periodKey: r.period_key,
  }));
};

const scoped = (scope: SweepScope) =>
  scope.userIds === undefined ? sql`` : sql`AND p.user_id = ANY(${scope.userIds}::bigint[])`;

export type TrafficAlertRow = {
  id: number;
  user_id: number;
  tariff: Record<string, unknown>;
  limit_bytes: number;
  used_bytes: number;
  period_key: string;
  /** The thresholds reached and not sent yet, ascending. */
  thresholds: number[];
};

/**
 * Running traffic packages with alerts whose period's usage reached a percentage the customer
 * set and not sent in this period (key as package_notices' traffic period). Only packages
 * with alerts are read, one package_period_usage each (primary key of package_alert_settings).
 */
export const findTrafficAlerts = async (db: Db, limit: number, scope: SweepScope) => {
  const { rows } = await sql<TrafficAlertRow>`
    SELECT u.id, u.user_id, u.tariff, u.limit_bytes, u.used_bytes, u.period_key,
      array_agg(th ORDER BY th) AS thresholds
    FROM (
      SELECT p.id, p.user_id, p.tariff, p.traffic_limit_bytes AS limit_bytes,
        package_period_usage(p.id) AS used_bytes, s.traffic_percents,
        coalesce((extract(epoch FROM p.traffic_period_started_at) * 1000000)::bigint::text,
          'first') AS period_key
      FROM package_alert_settings s
      JOIN packages p ON p.id = s.package_id
      WHERE cardinality(s.traffic_percents) > 0 AND p.status IN ('active', 'empty')
        AND p.traffic_limit_bytes > 0 AND p.deleted_at IS NULL ${scoped(scope)}
    ) u
    CROSS JOIN LATERAL unnest(u.traffic_percents) AS th
    WHERE u.used_bytes * 100 >= u.limit_bytes * th
      AND NOT EXISTS (SELECT 1 FROM package_alerts_sent a WHERE a.package_id = u.id
        AND a.kind = 'traffic' AND a.threshold = th AND a.period_key = u.period_key)
    GROUP BY u.id, u.user_id, u.tariff, u.limit_bytes, u.used_bytes, u.period_key
    ORDER BY u.id
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({
    ...r,
    limit_bytes: Number(r.limit_bytes),
    used_bytes: Number(r.used_bytes),
  }));
};

export type ExpiryAlertRow = {
  id: number;
  user_id: number;
  tariff: Record<string, unknown>;
  expires_at: Date;
  period_key: string;
  /** The thresholds (days) reached and not sent yet, ascending. */
  thresholds: number[];
};

/**
 * Running packages with alerts expiring within a number of days the customer set after `now`
 * and not alerted of this expiry yet (key: the expiry, as package_notices' reminders). A
 * package whose whole period is not longer than the threshold gets none: a 7-day package is
 * not told "7 days left" the moment it is bought.
 */
export const findExpiryAlerts = async (db: Db, now: Date, limit: number, scope: SweepScope) => {
  const { rows } = await sql<ExpiryAlertRow>`
    SELECT u.id, u.user_id, u.tariff, u.expires_at, u.period_key,
      array_agg(th ORDER BY th) AS thresholds
    FROM (
      SELECT p.id, p.user_id, p.tariff, p.expires_at, p.period_days, s.expiry_days,
        (extract(epoch FROM p.expires_at) * 1000000)::bigint::text AS period_key
      FROM package_alert_settings s
      JOIN packages p ON p.id = s.package_id
      WHERE cardinality(s.expiry_days) > 0 AND p.status IN ('active', 'empty')
        AND p.expires_at > ${now} AND p.deleted_at IS NULL ${scoped(scope)}
    ) u
    CROSS JOIN LATERAL unnest(u.expiry_days) AS th
    WHERE u.expires_at <= ${now}::timestamptz + make_interval(days => th)
      AND coalesce(u.period_days, 0) > th
      AND NOT EXISTS (SELECT 1 FROM package_alerts_sent a WHERE a.package_id = u.id
        AND a.kind = 'expiry' AND a.threshold = th AND a.period_key = u.period_key)
    GROUP BY u.id, u.user_id, u.tariff, u.expires_at, u.period_key
    ORDER BY u.expires_at
    LIMIT ${limit}`.execute(db);
  return rows;
};
