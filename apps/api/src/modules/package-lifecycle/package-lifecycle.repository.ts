import { sql } from 'kysely';
import type { Db, PackageNotices } from '@proxy/db';

/** Statuses of a running package: it serves (active) or waits for traffic (empty). */
export const RUNNING_STATUSES = ['active', 'empty'] as const;

/** The columns the lifecycle reads of a package. */
const LIFECYCLE_COLUMNS = [
  'id',
  'user_id',
  'type',
  'tariff',
  'tariff_id',
  'status',
  'expires_at',
  'auto_update',
  'uuid',
  'period_days',
  'traffic_limit_bytes',
] as const;

export type LifecyclePackage = Awaited<ReturnType<typeof lockUserPackage>> & object;

/** One package by id with the columns the lifecycle reads, locked for the rest of the transaction. */
const lockPackageById = (tx: Db, id: number) =>
  tx.selectFrom('packages').select(LIFECYCLE_COLUMNS).where('id', '=', id).forUpdate();

/**
 * The owner's package, locked (FOR UPDATE): extensions and the expiry sweep of one package
 * serialise here, before they touch the balance (lock order package -> promo -> user balance).
 * Another user's id reads as missing.
 */
export const lockUserPackage = (tx: Db, userId: number, id: number) =>
  lockPackageById(tx, id)
    .where('user_id', '=', userId)
    // A deleted package (decision 113) is 404 for every action.
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * A running package whose expiry is due at `now`, locked, or nothing when another sweep holds it
 * (SKIP LOCKED) or has renewed or deactivated it since (the WHERE is re-checked on the newest
 * row once the lock is ours).
 */
export const lockDuePackage = (tx: Db, id: number, now: Date) =>
  lockPackageById(tx, id)
    .where('status', 'in', RUNNING_STATUSES)
    .where('expires_at', '<=', now)
    .skipLocked()
    .executeTakeFirst();

/** Scope of a sweep: every package, or only these users' (the tests share one database). */
export type SweepScope = { userIds?: number[] };

/** Running packages due at `now`, soonest first (index packages_running_expiry_idx). */
export const findDuePackageIds = async (db: Db, now: Date, limit: number, scope: SweepScope) =>
  (
    await db
      .selectFrom('packages')
      .select('id')
      .where('status', 'in', RUNNING_STATUSES)
      .where('expires_at', '<=', now)
      .$if(scope.userIds !== undefined, (q) => q.where('user_id', 'in', scope.userIds ?? []))
      .orderBy('expires_at')
      .limit(limit)
      .execute()
  ).map((row) => row.id);

/** Bytes of the current traffic period not used yet (0 without a limit or when used up). */
export const findUnusedTraffic = async (tx: Db, id: number) => {
  const { rows } = await sql<{ unused: string }>`
    SELECT greatest(0, coalesce(traffic_limit_bytes, 0) - package_period_usage(id)) AS unused
    FROM packages WHERE id = ${id}`.execute(tx);
  return Number(rows[0]?.unused ?? 0);
};

/** A new traffic period (start_traffic_period): usage counts from zero, leases start afresh. */
export const startTrafficPeriod = (tx: Db, id: number) =>
  sql`SELECT start_traffic_period(${id})`.execute(tx);

/**
 * The extension itself (decision 110): running again until `periodDays` after the later of its
 * expiry and `now` (an early extension loses no day paid for; the gateway stops serving at the
 * expiry, so a late renewal charges no time it did not serve), with `trafficLimitBytes` when the
 * package has traffic. Returns the new expiry.
 */
export const extendPackageRow = async (
  tx: Db,
  id: number,
  change: { periodDays: number; now: Date; trafficLimitBytes: number | null },
) => {
  const row = await tx
    .updateTable('packages')
    .set({
      status: 'active',
      period_days: change.periodDays,
      expires_at: sql<Date>`greatest(coalesce(expires_at, ${change.now}), ${change.now})
        + make_interval(days => ${change.periodDays})`,
      ...(change.trafficLimitBytes === null
        ? {}
        : { traffic_limit_bytes: change.trafficLimitBytes }),
    })
    .where('id', '=', id)
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  if (!row.expires_at) throw new Error('An extended package has an expiry');
  return row.expires_at;
};

/** Expired without a renewal: the gateway stops serving it (the row's NOTIFY). */
export const deactivatePackage = (tx: Db, id: number) =>
  tx.updateTable('packages').set({ status: 'inactive' }).where('id', '=', id).execute();

export const setAutoUpdate = (tx: Db, id: number, autoUpdate: boolean) =>
  tx.updateTable('packages').set({ auto_update: autoUpdate }).where('id', '=', id).execute();

export type NoticeKind = PackageNotices['kind'];
export type Notice = { packageId: number; kind: NoticeKind; periodKey: string };

/**
 * Records notices not sent before and returns those it recorded: the caller notifies exactly
 * these in the same transaction. A concurrent sweep inserting the same key waits for this
 * transaction, then records nothing (ON CONFLICT DO NOTHING).
 */
export const claimNotices = async (tx: Db, notices: Notice[]): Promise<Notice[]> => {
  if (notices.length === 0) return [];
  const rows = await tx
    .insertInto('package_notices')
    .values(
      notices.map((n) => ({ package_id: n.packageId, kind: n.kind, period_key: n.periodKey })),
    )
    .onConflict((oc) => oc.columns(['package_id', 'kind', 'period_key']).doNothing())
    .returning(['package_id', 'kind', 'period_key'])
    .execute();
  return rows.map((r) => ({ packageId: r.package_id, kind: r.kind, periodKey: r.period_key }));
};

/**
 * The key of a package's current traffic period in package_notices: when it began (epoch
 * microseconds, independent of the session's time zone), `first` before any renewal.
 */
const trafficPeriodKeySql = sql<string>`coalesce(
  (extract(epoch FROM p.traffic_period_started_at) * 1000000)::bigint::text, 'first')`;

/** The key of an expiry in package_notices: the expiry itself (epoch microseconds). */
const expiryKeySql = sql<string>`(extract(epoch FROM p.expires_at) * 1000000)::bigint::text`;

const notNoticed = sql<boolean>`NOT EXISTS (SELECT 1 FROM package_notices n
  WHERE n.package_id = t.id AND n.kind = t.kind AND n.period_key = t.period_key)`;

const scoped = (scope: SweepScope) =>
  scope.userIds === undefined ? sql`` : sql`AND p.user_id = ANY(${scope.userIds}::bigint[])`;

export type ReminderRow = {
  id: number;
  user_id: number;
  type: 'isp' | 'dynamic' | 'vip' | 'unlim';
  tariff: Record<string, unknown>;
  expires_at: Date;
  auto_update: boolean;
  period_days: number | null;
  traffic_limit_bytes: number | null;
  kind: 'expiry_3d' | 'expiry_1d';
  period_key: string;
};

/**
 * Running packages expiring within 3 days after `now` that were not reminded of this expiry
 * yet: `expiry_1d` inside the last day, else `expiry_3d`. A package whose whole period is not
 * longer than the reminder's window gets none (a 1-day package is not told "1 day left").
 * Soonest first (index packages_running_expiry_idx).
 */
export const findPackagesToRemind = async (db: Db, now: Date, limit: number, scope: SweepScope) => {
  const { rows } = await sql<ReminderRow>`
    SELECT * FROM (
      SELECT p.id, p.user_id, p.type, p.tariff, p.expires_at, p.auto_update, p.period_days,
        p.traffic_limit_bytes,
        CASE WHEN p.expires_at <= ${now}::timestamptz + interval '1 day'
          THEN 'expiry_1d' ELSE 'expiry_3d' END AS kind,
        ${expiryKeySql} AS period_key
      FROM packages p
      WHERE p.status IN ('active', 'empty') AND p.expires_at > ${now}
        AND p.expires_at <= ${now}::timestamptz + interval '3 days' ${scoped(scope)}
    ) t
    WHERE coalesce(t.period_days, 0) > (CASE t.kind WHEN 'expiry_1d' THEN 1 ELSE 3 END)
      AND ${notNoticed}
    ORDER BY t.expires_at
    LIMIT ${limit}`.execute(db);
  return rows;
};

export type TrafficRow = {
  id: number;
  user_id: number;
  title: string | null;
  limit_bytes: number;
  used_bytes: number;
  kind: 'traffic_low' | 'traffic_exhausted';
  period_key: string;
};

/**
 * Running traffic packages with at most `lowPercent` of their period's traffic left and not
 * warned of it in this period yet: `traffic_exhausted` at nothing left (or `empty`: the gateway
 * found its budget gone, whatever the last flushed bytes say), else `traffic_low`.
 * One package_period_usage per running traffic package (index packages_running_traffic_idx).
 */
export const findPackagesToWarn = async (
  db: Db,
  lowPercent: number,
  limit: number,
  scope: SweepScope,
) => {
  const { rows } = await sql<TrafficRow>`
    SELECT * FROM (
      SELECT u.id, u.user_id, u.title, u.limit_bytes, u.used_bytes, u.period_key,
        CASE WHEN u.status = 'empty' OR u.used_bytes >= u.limit_bytes
          THEN 'traffic_exhausted' ELSE 'traffic_low' END AS kind
      FROM (
        SELECT p.id, p.user_id, p.status, p.tariff ->> 'title' AS title,
          p.traffic_limit_bytes AS limit_bytes, package_period_usage(p.id) AS used_bytes,
          ${trafficPeriodKeySql} AS period_key
        FROM packages p
        WHERE p.status IN ('active', 'empty') AND p.traffic_limit_bytes IS NOT NULL ${scoped(scope)}
      ) u
      WHERE (u.limit_bytes - u.used_bytes) * 100 <= u.limit_bytes * ${lowPercent}
    ) t
    WHERE ${notNoticed}
    ORDER BY t.id
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({
    ...r,
    limit_bytes: Number(r.limit_bytes),
    used_bytes: Number(r.used_bytes),
  }));
};

/** The current traffic period's key of a package (for the gateway's exhaustion events). */
export const findTrafficPeriodKey = async (db: Db, id: number) => {
  const { rows } = await sql<{ period_key: string }>`
    SELECT ${trafficPeriodKeySql} AS period_key FROM packages p WHERE p.id = ${id}`.execute(db);
  return rows[0]?.period_key ?? 'first';
};
