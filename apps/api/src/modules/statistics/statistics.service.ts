import type {
  ApiTools,
  PackageStatistics,
  StatisticsPeriod,
  UsageBucket,
  UsageSeries,
  UsageTotals,
} from '@proxy/contract';
import { EXIT_POOL_BY_PACKAGE_TYPE, proxyUrl } from '@proxy/contract';
import type { Db } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { findServedPlaces } from '../inventory/inventory.repository.ts';
import { revealPackagePassword } from '../packages/credentials.ts';
import { tariffFactsOf, tariffSnapshotOf } from '../packages/packages.repository.ts';
import type { GatewayAddress } from '../packages/packages.service.ts';
import { findSubUserPeriodUsage } from '../sub-users/sub-users.repository.ts';
import {
  findOwnedPackage,
  findUsageBuckets,
  findUsageSums,
  type OwnedPackage,
  type UsageOwner,
} from './statistics.repository.ts';
import { allPeriodWindows, roundedWindow, zeroFilled, type UsageWindow } from './usage-windows.ts';

export type PackageLookup = { uuid: string } | { packageKey: string };

/** The owner's package, or 404 (foreign, unknown and malformed all look the same). */
export const ownedPackage = async (db: Db, userId: number, by: PackageLookup) => {
  const found = await findOwnedPackage(db, userId, by);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
};

const totalsOf = (up: number, down: number): UsageTotals => ({
  bytes_up: up,
  bytes_down: down,
  bytes: up + down,
});

/** The window's points (zero-filled) and their sum, of a package or of one of its sub-users. */
export const usageSeries = async (
  db: Db,
  owner: UsageOwner,
  window: UsageWindow,
): Promise<UsageSeries> => {
  const points = zeroFilled(
    window,
    await findUsageBuckets(db, owner, window.bucket, window.from, window.to),
  );
  let up = 0;
  let down = 0;
  for (const point of points) {
    up += point.bytes_up;
    down += point.bytes_down;
  }
  return {
    bucket: window.bucket,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    points,
    totals: totalsOf(up, down),
  };
};

/**
 * Every period's window at `now` and the sums of the daily, weekly and monthly ones (one scan).
 * `all` starts at the package's creation, or at its first metered hour if that is earlier.
 */
const usageOf = async (db: Db, pkg: OwnedPackage, now: number) => {
  const fixed = allPeriodWindows(now, pkg.created_at);
  const sums = await findUsageSums(db, pkg.id, {
    daily: fixed.daily.from,
    weekly: fixed.weekly.from,
    monthly: fixed.monthly.from,
  });
  const since =
    sums.firstHour !== null && sums.firstHour.getTime() < pkg.created_at.getTime()
      ? sums.firstHour
      : pkg.created_at;
  return { windows: allPeriodWindows(now, since), sums };
};

/**
 * The owner's package, its usage sums, the series of one period and that period's bytes per
 * sub-user (decision 187): the page and the report.
 */
export const periodUsage = async (
  db: Db,
  userId: number,
  by: PackageLookup,
  period: StatisticsPeriod,
  now = Date.now(),
) => {
  const pkg = await ownedPackage(db, userId, by);
  const { windows, sums } = await usageOf(db, pkg, now);
  const window = windows[period];
  return {
    pkg,
    sums,
    series: await usageSeries(db, { packageId: pkg.id }, window),
    subUsers: await findSubUserPeriodUsage(db, pkg.id, window.from, window.to),
  };
};

/** The statistics page: the period's series and the totals of every period (decision 121). */
export const packageStatistics = async (
  db: Db,
  userId: number,
  by: PackageLookup,
  period: StatisticsPeriod,
): Promise<PackageStatistics> => {
  const { pkg, sums, series, subUsers } = await periodUsage(db, userId, by, period);
  const tariff = tariffSnapshotOf(pkg);
  return {
    package: {
      id: pkg.id,
      uuid: pkg.uuid,
      package_key: pkg.package_key,
      type: pkg.type,
      tariff_name: typeof tariff.title === 'string' ? tariff.title : '',
      ...tariffFactsOf(tariff),
      status: pkg.status,
      created_at: pkg.created_at.toISOString(),
      expired_at: pkg.expires_at ? pkg.expires_at.toISOString() : null,
      traffic_limit_bytes: pkg.traffic_limit_bytes,
    },
    period,
    series,
    sub_users: subUsers,
    totals: {
      daily: totalsOf(sums.sums.daily.up, sums.sums.daily.down),
      weekly: totalsOf(sums.sums.weekly.up, sums.sums.weekly.down),
      monthly: totalsOf(sums.sums.monthly.up, sums.sums.monthly.down),
      all: totalsOf(sums.all.up, sums.all.down),
    },
  };
};

export type UsageRange = { bucket: UsageBucket; from: string; to: string };

/**
 * Usage over any range, in whole buckets, zero-filled: GET /statistics/usage/:uuid for a
 * package, GET /packages/:id/sub-users/:subUserId/usage for a sub-user (the caller checks
 * ownership first).
 */
export const rangeSeries = (db: Db, owner: UsageOwner, range: UsageRange) =>
  usageSeries(db, owner, roundedWindow(range.bucket, new Date(range.from), new Date(range.to)));

/** A package's usage over any range, in whole buckets. */
export const usageOverRange = async (db: Db, userId: number, uuid: string, range: UsageRange) => {
  const pkg = await ownedPackage(db, userId, { uuid });
  return rangeSeries(db, { packageId: pkg.id }, range);
};

/** The API tools page (decision 124). */
export const apiTools = async (
  db: Db,
  userId: number,
  packageKey: string,
  { dataKey, gateway }: { dataKey: Buffer; gateway: GatewayAddress },
  checkUrl: string,
): Promise<ApiTools> => {
  const pkg = await ownedPackage(db, userId, { packageKey });
  const password = revealPackagePassword(dataKey, pkg);
  // Examples target a place the package's own pool serves (a city where one is declared);
  // ISP and unlimited packages leave from their own addresses and location, untargeted.
  const pool = EXIT_POOL_BY_PACKAGE_TYPE[pkg.type];
  const places = pool === null || pool === 'unlim' ? [] : await findServedPlaces(db, pool);
  const place = places.find((candidate) => candidate.city !== null) ?? places[0];
  const socksAllowed = pkg.type !== 'isp' || pkg.socks;
  return {
    package_key: pkg.package_key,
    type: pkg.type,
    host: gateway.host,
    port: gateway.httpPort,
    port_socks: socksAllowed ? gateway.socksPort : null,
    login: pkg.login,
    password,
    https_url: proxyUrl('http', pkg.login, password, gateway.host, gateway.httpPort),
    socks5_url: socksAllowed
      ? proxyUrl('socks5h', pkg.login, password, gateway.host, gateway.socksPort)
      : null,
    check_url: checkUrl,
    sample: place?.country ? { country: place.country.toLowerCase(), city: place.city } : null,
  };
};
