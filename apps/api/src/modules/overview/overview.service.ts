import {
  BUCKET_MS,
  OVERVIEW_EXPIRING_DAYS,
  OVERVIEW_LOW_BALANCE_CENTS,
  OVERVIEW_WINDOW_DAYS,
  daysLeft,
  toDollars,
  type Overview,
  type OverviewAction,
  type UsageSeries,
} from '@proxy/contract';
import type { Db } from '@proxy/db';
import { tariffFactsOf, tariffSnapshotOf } from '../packages/packages.repository.ts';
import { renewalTerms } from '../package-lifecycle/package-lifecycle.service.ts';
import { bucketStart, zeroFilled, type UsageWindow } from '../statistics/usage-windows.ts';
import {
  findActivePackages,
  findOwnerDailyUsage,
  findOwnerFigures,
  findSpendCents,
} from './overview.repository.ts';

const DAY_MS = BUCKET_MS.day;

/** The last OVERVIEW_WINDOW_DAYS UTC days up to and including today. */
const overviewWindow = (now: number): UsageWindow => {
  const to = bucketStart(now, 'day') + DAY_MS;
  return { bucket: 'day', from: new Date(to - OVERVIEW_WINDOW_DAYS * DAY_MS), to: new Date(to) };
};

const trafficSeries = async (db: Db, userId: number, window: UsageWindow) => {
  const points = zeroFilled(window, await findOwnerDailyUsage(db, userId, window.from, window.to));
  const up = points.reduce((sum, point) => sum + point.bytes_up, 0);
  const down = points.reduce((sum, point) => sum + point.bytes_down, 0);
  return {
    bucket: window.bucket,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    points,
    totals: { bytes_up: up, bytes_down: down, bytes: up + down },
  } satisfies UsageSeries;
};

type Candidate = { id: number; isExpiring: boolean; renewalCents: number };

/**
 * The one thing the overview suggests (decision 185), most urgent first: nothing running ->
 * buy; an expiring package the balance cannot renew -> top up; an expiring package -> extend
 * it; a balance under OVERVIEW_LOW_BALANCE_CENTS -> top up; else none. A package that renews
 * itself (auto_update) still counts: the renewal fails on a short balance.
 */
export const nextAction = (balanceCents: number, packages: Candidate[]): OverviewAction => {
  if (packages.length === 0) return { kind: 'buy', package_id: null };
  const expiring = packages.find((p) => p.isExpiring);
  if (expiring)
    return {
      kind: balanceCents < expiring.renewalCents ? 'top_up' : 'extend',
      package_id: expiring.id,
    };
  if (balanceCents < OVERVIEW_LOW_BALANCE_CENTS) return { kind: 'top_up', package_id: null };
  return { kind: 'none', package_id: null };
};

/** GET /overview: the owner's balance, running packages, last 30 days and next action. */
export const getOverview = async (db: Db, userId: number, now = Date.now()): Promise<Overview> => {
  const window = overviewWindow(now);
  const [figures, rows, spentCents, traffic] = await Promise.all([
    findOwnerFigures(db, userId),
    findActivePackages(db, userId),
    findSpendCents(db, userId, window.from),
    trafficSeries(db, userId, window),
  ]);
  const expiringBefore = now + OVERVIEW_EXPIRING_DAYS * DAY_MS;
  const packages = rows.map((row) => {
    const used = Number(row.period_used_bytes);
    const limit = row.traffic_limit_bytes === null ? null : Number(row.traffic_limit_bytes);
    const expiresAt = row.expires_at === null ? null : new Date(row.expires_at).getTime();
    const renewalCents = renewalTerms(row).priceCents;
    return {
      id: Number(row.id),
      type: row.type,
      tariff_name: row.tariff_name,
      ...tariffFactsOf(tariffSnapshotOf(row)),
      status: row.status,
      package_key: row.package_key,
      expired_at: row.expires_at_iso,
      days_left: daysLeft(row.expires_at_iso, now),
      auto_update: row.auto_update,
      traffic_used_bytes: used,
      traffic_limit_bytes: limit,
      traffic_left_bytes: limit === null ? null : Math.max(0, limit - used),
      is_expiring: expiresAt !== null && expiresAt <= expiringBefore,
      renewal_price: toDollars(renewalCents),
      renewalCents,
    };
  });
  const balanceCents = Number(figures.balance_cents);
  return {
    balance: toDollars(balanceCents),
    package_count: Number(figures.package_count ?? 0),
    packages: packages.map(({ renewalCents: _renewal, ...p }) => p),
    spend_30d: toDollars(spentCents),
    traffic_30d: traffic,
    next_action: nextAction(
      balanceCents,
      packages.map((p) => ({ id: p.id, isExpiring: p.is_expiring, renewalCents: p.renewalCents })),
    ),
  };
};
