import { toDollars } from '@proxy/contract';
import type { PackageDetail, PackageListItem, UnlimUsage } from '@proxy/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, DbRoot } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { revealPackagePassword } from './credentials.ts';
import {
  activatePackages,
  findLiveMetrics,
  findUserPackage,
  findUserPackages,
  lockUnprovisionedPackages,
} from './packages.repository.ts';

type PackageRow = Awaited<ReturnType<typeof findUserPackages>>[number];
const DAY_MS = 86_400_000;

export const toPackageListItem = (p: PackageRow, now = Date.now()): PackageListItem => {
  const tariff = p.tariff as { title?: string; ports?: number | null; traffic?: number | null };
  return {
    id: p.id,
    type: p.type,
    tariff_name: tariff.title ?? '',
    tariff_ports: tariff.ports ?? null,
    tariff_traffic: tariff.traffic ?? null,
    status: p.status,
    created_at: p.created_at.toISOString(),
    expired_at: p.expires_at ? p.expires_at.toISOString() : null,
    days_left: p.expires_at
      ? Math.max(0, Math.ceil((p.expires_at.getTime() - now) / DAY_MS))
      : null,
    package_key: p.package_key,
    traffic_used_bytes: Number(p.period_used_bytes),
    traffic_left_bytes:
      p.traffic_limit_bytes === null
        ? null
        : Math.max(0, p.traffic_limit_bytes - Number(p.period_used_bytes)),
  };
};

export const listPackages = async (db: Db, userId: number) =>
  (await findUserPackages(db, userId)).map((p) => toPackageListItem(p));

/** Where customers connect: the gateway's public host and ports (configuration). */
export type GatewayAddress = { host: string; httpPort: number; socksPort: number };

/**
 * One package of the owner, with its credentials and where to use them; foreign or unknown
 * ids are 404.
 */
export const getPackage = async (
  db: Db,
  userId: number,
  id: number,
  dataKey: Buffer,
  gateway: GatewayAddress,
): Promise<PackageDetail> => {
  const p = await findUserPackage(db, userId, id);
  if (!p) throw new AppError('NOT_FOUND');
  const item = toPackageListItem(p);
  return {
    ...item,
    tariff: p.tariff,
    price: toDollars(p.price_cents),
    auto_update: p.auto_update,
    login: p.login,
    password: revealPackagePassword(dataKey, p),
    host: gateway.host,
    port_http: gateway.httpPort,
    port_socks: gateway.socksPort,
    country: p.country,
    period: p.period_days,
    ip: p.ips,
    auth_ip: p.auth_ip,
    socks: p.socks,
    location: p.location,
    speed_limit: p.speed_limit,
    traffic_limit_bytes: p.traffic_limit_bytes,
    package_info: {
      traffic_usage_common: item.traffic_used_bytes,
      traffic_limit_common: p.traffic_limit_bytes,
    },
  };
};

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
 * `delayMs` (PROVISIONING_DELAY_MS) is the time the provisioning step itself takes: the
 * gateway issue does its work here.
 */
export const provisionPackages = (db: DbRoot, ids: number[], delayMs: number) =>
  db.transaction().execute(async (tx) => {
    const locked = await lockUnprovisionedPackages(tx, ids);
    if (locked.length === 0) return [];
    await sleep(delayMs);
    await activatePackages(tx, locked);
    return locked;
  });
