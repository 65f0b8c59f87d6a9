import {
  PACKAGE_FILTERS,
  PROXY_FORMATS,
  daysLeft,
  isResumeAllowed,
  perGbCents,
  pickTrafficUpgrade,
  toCents,
  toDollars,
  unusedShare,
  upgradeDiscountPercent,
  upgradePriceCents,
  type DynamicPackage,
  type IspPackage,
  type PackageConnection,
  type PackageDetail,
  type PackageRow,
  type PackageRowType,
  type PackageSortField,
  type PremiumPackage,
  type TrafficTariff,
  type UnlimPackage,
  type UnlimUsage,
} from '@proxy/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, DbRoot } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { findListNames } from '../proxy-lists/proxy-lists.repository.ts';
import { pageAnswer, pageOf, pickFilter, type ListQuery } from '../../lib/list-query.ts';
import { findActiveTariffs } from '../catalogue/catalogue.repository.ts';
import { revealPackagePassword } from './credentials.ts';
import {
  activatePackages,
  findLiveMetrics,
  findPackagesPage,
  findPurchaseEntryId,
  findUserPackage,
  lockUnprovisionedPackages,
  tariffFactsOf,
  tariffSnapshotOf as snapshotOf,
} from './packages.repository.ts';

type PageRow = Awaited<ReturnType<typeof findPackagesPage>>['rows'][number];
type StoredPackage = NonNullable<Awaited<ReturnType<typeof findUserPackage>>>;

const trafficLeft = (limit: number | null, used: number) =>
  limit === null ? null : Math.max(0, limit - used);

const toPackageRow = (p: PageRow, now: number): PackageRow => {
  const used = Number(p.period_used_bytes);
  return {
    id: Number(p.id),
    type: p.type,
    tariff_name: p.tariff_name,
    ...tariffFactsOf(snapshotOf(p)),
    status: p.status,
    created_at: p.created_at_iso,
    expired_at: p.expires_at_iso,
    days_left: daysLeft(p.expires_at_iso, now),
    resume_package_allowed: isResumeAllowed({ status: p.status, expiresAt: p.expires_at_iso }, now),
    package_key: p.package_key,
    traffic_used_bytes: used,
    traffic_left_bytes: trafficLeft(p.traffic_limit_bytes, used),
  };
};

/** GET /packages: one page of the owner's packages, `{ packages: { data, meta } }`. */
export const listPackages = async (db: Db, userId: number, query: ListQuery<PackageSortField>) => {
  const page = await findPackagesPage(db, {
    userId,
    ...pageOf(query),
    type: pickFilter(query.filters, 'type', PACKAGE_FILTERS.type),
    status: pickFilter(query.filters, 'status', PACKAGE_FILTERS.status),
  });
  const now = Date.now();
  return { packages: pageAnswer(query, page, (row) => toPackageRow(row, now)) };
};

/** Where customers connect: the gateway's public host and ports (configuration). */
export type GatewayAddress = { host: string; httpPort: number; socksPort: number };

/** What a detail needs besides the database: the credentials key and the gateway's address. */
export type DetailContext = { db: Db; dataKey: Buffer; gateway: GatewayAddress };

/** The owner's package of `type` (any type when omitted); anything else is 404. */
const loadPackage = async (
  ctx: DetailContext,
  userId: number,
  id: number,
  type?: PackageRowType,
): Promise<StoredPackage> => {
  const p = await findUserPackage(ctx.db, userId, id);
  if (!p || (type !== undefined && p.type !== type)) throw new AppError('NOT_FOUND');
  return p;
};

const connectionOf = (ctx: DetailContext, p: StoredPackage): PackageConnection => ({
  host: ctx.gateway.host,
  port_http: ctx.gateway.httpPort,
  port_socks: p.type !== 'isp' || p.socks ? ctx.gateway.socksPort : null,
  login: p.login,
  password: revealPackagePassword(ctx.dataKey, p),
});

/** The state every panel shows: dates, status, restore and renewal flags. */
const stateOf = (p: StoredPackage, now: number) => ({
  id: Number(p.id),
  package_key: p.package_key,
  status: p.status,
  auto_update: p.auto_update,
  resume_package_allowed: isResumeAllowed({ status: p.status, expiresAt: p.expires_at }, now),
  created_at: p.created_at.toISOString(),
  expired_at: p.expires_at ? p.expires_at.toISOString() : null,
  days_left: daysLeft(p.expires_at, now),
});

const trafficTariffOf = (t: {
  id: number;
  title: string;
  priceCents: number;
  trafficGb: number;
}): TrafficTariff => ({
  id: t.id,
  title: t.title,
  traffic: t.trafficGb,
  price: toDollars(t.priceCents),
  per_gb: toDollars(perGbCents(t.priceCents, t.trafficGb)),
});

/** The id, title and price (dollars) of the tariff the package was bought with. */
const boughtTariff = (p: StoredPackage) => {
  const t = snapshotOf(p);
  return { id: t.id ?? p.tariff_id ?? 0, title: t.title ?? '', price: t.price ?? 0 };
};

const snapshotTrafficTariff = (p: StoredPackage): TrafficTariff => {
  const bought = boughtTariff(p);
  return trafficTariffOf({
    ...bought,
    priceCents: toCents(bought.price),
    trafficGb: snapshotOf(p).traffic ?? 0,
  });
};

/**
 * GET /packages/:id: any family's package with its tariff snapshot and where to connect.
 */
export const getPackage = async (
  ctx: DetailContext,
  userId: number,
  id: number,
): Promise<PackageDetail> => {
  const p = await loadPackage(ctx, userId, id);
  const now = Date.now();
  const used = Number(p.period_used_bytes);
  const t = snapshotOf(p);
  const connection = connectionOf(ctx, p);
  return {
    id: Number(p.id),
    type: p.type,
    tariff_name: t.title ?? '',
    ...tariffFactsOf(t),
    status: p.status,
    created_at: p.created_at.toISOString(),
    expired_at: p.expires_at ? p.expires_at.toISOString() : null,
    days_left: daysLeft(p.expires_at, now),
    resume_package_allowed: isResumeAllowed({ status: p.status, expiresAt: p.expires_at }, now),
    package_key: p.package_key,
    traffic_used_bytes: used,
    traffic_left_bytes: trafficLeft(p.traffic_limit_bytes, used),
    tariff: p.tariff,
    price: toDollars(p.price_cents),
    auto_update: p.auto_update,
    ...connection,
    country: p.country,
    period: p.period_days,
    ip: p.ips,
    auth_ip: p.auth_ip,
    socks: p.socks,
    location: p.location,
    speed_limit: p.speed_limit,
    traffic_limit_bytes: p.traffic_limit_bytes,
    package_info: { traffic_usage_common: used, traffic_limit_common: p.traffic_limit_bytes },
  };
};

/**
 * The upgrade offer of a traffic package (decision 106): the next larger active tariff of its
 * family, discounted by the unused share of what the package was paid for.
 */
const upgradeOffer = async (
  db: Db,
  p: StoredPackage,
  now: number,
): Promise<DynamicPackage['package_upgrade']> => {
  const tariffs = (await findActiveTariffs(db, p.type === 'vip' ? 'premium' : 'dynamic')).map(
    (t) => ({
      id: t.id,
      title: t.title,
      priceCents: Number(t.price_cents),
      trafficGb: t.traffic_gb,
      speedLimit: t.speed_limit_mbps,
      durationDays: t.duration_days,
    }),
  );
  const next = pickTrafficUpgrade(
    { trafficGb: snapshotOf(p).traffic ?? null, priceCents: Number(p.price_cents) },
    tariffs,
  );
  if (!next || next.trafficGb === null) return null;
  const share = unusedShare(
    {
      expiresAt: p.expires_at,
      periodDays: p.period_days,
      trafficLimitBytes: p.traffic_limit_bytes,
      trafficUsedBytes: Number(p.period_used_bytes),
    },
    now,
  );
  // Only a running package has anything left to credit.
  const percent =
    p.status === 'active'
      ? upgradeDiscountPercent(Number(p.price_cents), share, next.priceCents)
      : 0;
  return {
    package_discount: percent,
    price: toDollars(upgradePriceCents(next.priceCents, percent)),
    tariff: trafficTariffOf({ ...next, trafficGb: next.trafficGb }),
  };
};

/**
 * A family's panel (GET /packages/<family>/:id): the owner's package of that family, anything
 * else 404, rendered by `render`.
 */
const familyPanel =
  <Panel>(
    type: PackageRowType,
    render: (ctx: DetailContext, p: StoredPackage, userId: number) => Promise<Panel> | Panel,
  ) =>
  async (ctx: DetailContext, userId: number, id: number): Promise<Panel> =>
    render(ctx, await loadPackage(ctx, userId, id, type), userId);

/** GET /packages/dynamic/:id: the dynamic panel. */
export const getDynamicPackage = familyPanel('dynamic', async (ctx, p): Promise<DynamicPackage> => {
  const now = Date.now();
  return {
    package: { ...stateOf(p, now), tariff: snapshotTrafficTariff(p) },
    package_info: {
      traffic_usage_common: Number(p.period_used_bytes),
      traffic_limit_common: p.traffic_limit_bytes ?? 0,
    },
    proxy_lists: await findListNames(ctx.db, p.id),
    proxy_formats: { login: [...PROXY_FORMATS.login], ip: [...PROXY_FORMATS.ip] },
    package_upgrade: await upgradeOffer(ctx.db, p, now),
    connection: connectionOf(ctx, p),
  };
});

/** GET /packages/vip/:id: the premium residential (generator) panel. */
export const getPremiumPackage = familyPanel('vip', (ctx, p): PremiumPackage => {
  // The premium panel names the connection's host proxy_ip (the spec's field).
  const { host, ...credentials } = connectionOf(ctx, p);
  return {
    ...stateOf(p, Date.now()),
    uuid: p.uuid,
    tariff: snapshotTrafficTariff(p),
    traffic: p.traffic_limit_bytes ?? 0,
    usage: Number(p.period_used_bytes),
    proxy_ip: host,
    ...credentials,
  };
});

/** GET /packages/isp/:id: the ISP panel. */
export const getIspPackage = familyPanel('isp', async (ctx, p, userId): Promise<IspPackage> => ({
  ...stateOf(p, Date.now()),
  order_id: await findPurchaseEntryId(ctx.db, userId, Number(p.id)),
  tariff: { ...boughtTariff(p), ports: snapshotOf(p).ports ?? p.ips.length },
  period: p.period_days ?? 0,
  country: p.country,
  country_iso2: p.country_iso2,
  auth_ip: p.auth_ip,
  socks: p.socks,
  ip: p.ips,
  swaped: p.swapped_at !== null,
  connection: connectionOf(ctx, p),
}));

/** GET /unlim/packages/:id: the unlimited residential panel. */
export const getUnlimPackage = familyPanel('unlim', (ctx, p): UnlimPackage => {
  const t = snapshotOf(p);
  const durationDays = t.duration_days ?? p.period_days ?? 0;
  const bought = boughtTariff(p);
  return {
    ...stateOf(p, Date.now()),
    uuid: p.uuid,
    duration_days: durationDays,
    location: p.location,
    location_iso2: p.location_iso2,
    location_city: p.location_city,
    tariff: {
      id: bought.id,
      name: bought.title,
      price: bought.price,
      speed_limit: t.speed_limit ?? p.speed_limit ?? 0,
      duration_days: durationDays,
    },
    connection: connectionOf(ctx, p),
  };
});

/** Mbps (as speed limits are given) from bytes per second, to two decimals. */
const toMbps = (bytesPerSecond: number) => Math.round((bytesPerSecond * 8) / 10_000) / 100;
const toPercent = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * The unlimited panel's live metrics (GET /unlim/:id/usage): the speed the gateway carries for
 * the package now, the gateway host's CPU and RAM, the traffic of the current period. Another
 * user's package, or one of another family, is 404.
 */
export const getUnlimUsage = async (db: Db, userId: number, id: number): Promise<UnlimUsage> => {
  const p = await findUserPackage(db, userId, id);
  if (p?.type !== 'unlim') throw new AppError('NOT_FOUND');
  const live = await findLiveMetrics(db, id);
  return {
    speed: toMbps(live.bytesPerSecond),
    server: { cpu_usage: toPercent(live.cpuUsage), ram_usage: toPercent(live.ramUsage) },
    traffic: Number(p.period_used_bytes),
  };
};

/**
 * Provisions the packages of `ids` that still wait for it (pending -> active) and returns the
 * ids it provisioned. Exactly once per package, however many jobs name it: the rows stay
 * locked until the transaction commits, so a second job (a retry of a job whose worker died,
 * or the sweep's) waits and then finds nothing left to do. A worker killed mid-way holds no
 * lock: PostgreSQL rolls its transaction back and the package stays pending for the sweep.
 * `delayMs` (PROVISIONING_DELAY_MS) is the time the provisioning step itself takes:
 * simulated gateway latency for a staging run and the crash test (decision 077).
 */
export const provisionPackages = (db: DbRoot, ids: number[], delayMs: number) =>
  db.transaction().execute(async (tx) => {
    const locked = await lockUnprovisionedPackages(tx, ids);
    if (locked.length === 0) return [];
    await sleep(delayMs);
    await activatePackages(tx, locked);
    return locked;
  });
