import {
  isLocationAvailable,
  toDollars,
  unlimSpeedUpgrades,
  unlimUpgradePriceCents,
  type UnlimUpgradeOption,
} from '@proxy/contract';
import type { Db, User } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { findActiveTariffs, findTariffById } from '../catalogue/catalogue.repository.ts';
import { toUnlimLocationDto } from '../catalogue/catalogue.service.ts';
import { findUnlimCapacity, lockUnlimLocation } from '../inventory/inventory.repository.ts';
import { findOwnPackage, type LockedPackage } from './package-changes.repository.ts';
import {
  invalidUpgradeTariff,
  paidUpgrade,
  type ChangeContext,
  type UpgradeRequest,
} from './package-changes.service.ts';

type SnapshotTariff = { price?: number; duration_days?: number | null };

/**
 * The faster tariffs an active unlimited package can move to, with what moving costs now: same
 * duration (the period keeps its end), a higher speed, served by the package's location
 * (decision 115). The current tariff's price is the catalogue's, else the one it was bought at.
 */
const upgradeOptions = async (db: Db, p: LockedPackage, nowMs: number) => {
  if (p.status !== 'active' || p.expires_at === null)
    throw new AppError('PACKAGE_ACTION_UNAVAILABLE');
  const snapshot = p.tariff as SnapshotTariff;
  const current = p.tariff_id === null ? undefined : await findTariffById(db, p.tariff_id);
  const currentPriceCents = current?.price_cents ?? Math.round((snapshot.price ?? 0) * 100);
  const durationDays = current?.duration_days ?? snapshot.duration_days ?? null;
  // The package's own speed is its location's already: only the difference must fit.
  const [location] =
    p.location_id === null
      ? []
      : await findUnlimCapacity(db, { id: p.location_id, exceptPackageId: p.id });
  const served = (await findActiveTariffs(db, 'unlim')).filter(
    (t) => !location || isLocationAvailable(toUnlimLocationDto(location), t.speed_limit_mbps),
  );
  // The contract's rule (decision 106): same duration, faster, slowest first.
  return unlimSpeedUpgrades(
    { speedLimit: p.speed_limit, durationDays },
    served.map((tariff) => ({
      id: tariff.id,
      priceCents: tariff.price_cents,
      trafficGb: tariff.traffic_gb,
      speedLimit: tariff.speed_limit_mbps,
      durationDays: tariff.duration_days,
      tariff,
    })),
  ).map(({ tariff }) => ({
    tariff,
    priceCents: unlimUpgradePriceCents({
      currentPriceCents,
      targetPriceCents: tariff.price_cents,
      durationDays: durationDays ?? 1,
      expiresAtMs: p.expires_at?.getTime() ?? nowMs,
      nowMs,
    }),
  }));
};

/** GET /unlim/:packageID/upgrade. */
export const listUnlimUpgradeOptions = async (
  db: Db,
  userId: number,
  id: number,
): Promise<UnlimUpgradeOption[]> => {
  const p = await findOwnPackage(db, userId, id);
  if (p?.type !== 'unlim') throw new AppError('NOT_FOUND');
  return (await upgradeOptions(db, p, Date.now())).map(({ tariff, priceCents }) => ({
    id: tariff.id,
    speed_limit: tariff.speed_limit_mbps ?? 0,
    price: toDollars(priceCents),
  }));
};

/**
 * POST /unlim/:packageID/upgrade: the new speed at once (the gateway reloads the package), the
 * tariff and its price recorded for renewals, the difference for the remaining days taken from
 * the balance; the period keeps its end.
 */
export const upgradeUnlim = (ctx: ChangeContext, user: User, request: UpgradeRequest) =>
  paidUpgrade(ctx, user, request, ['unlim'], async (tx, p) => {
    // Upgraders and buyers of one location take turns on its bandwidth (decision 154).
    if (p.location_id !== null) await lockUnlimLocation(tx, p.location_id);
    const option = (await upgradeOptions(tx, p, Date.now())).find(
      (o) => o.tariff.id === request.tariffId,
    );
    if (!option) throw invalidUpgradeTariff();
    return {
      ...option,
      terms: { speed_limit: option.tariff.speed_limit_mbps },
      newTrafficPeriod: false,
      expiresAt: p.expires_at,
    };
  });
