import {
  RESTORE_PERIOD_DAYS,
  formatDollars,
  isLocationAvailable,
  isResumeAllowed,
  toDollars,
  type PaidChangeResponse,
} from '@proxy/contract';
import type { Db, User } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { findTariffById } from '../catalogue/catalogue.repository.ts';
import { toUnlimLocationDto } from '../catalogue/catalogue.service.ts';
import { findUnlimCapacity, lockUnlimLocation } from '../inventory/inventory.repository.ts';
import { reserveIspAddresses } from '../inventory/isp-addresses.repository.ts';
import { NOTIFICATION_TYPES, notify } from '../notifications/notifications.service.ts';
import type { IdempotencyClaim } from '../purchases/idempotency.ts';
import { packageLabel } from '../package-lifecycle/package-lifecycle.service.ts';
import { updatePackageTerms, type LockedPackage } from './package-changes.repository.ts';
import {
  chargeForChange,
  ownPackageOr404,
  paidChange,
  type ChangeContext,
} from './package-changes.service.ts';

const DAY_MS = 86_400_000;

type SnapshotTariff = {
  price?: number;
  ports?: number | null;
  duration_days?: number | null;
};

/**
 * What a restore buys and costs (decision 115): a new period of 30 days (the spec's "30-day
 * price") for dynamic, premium and ISP packages; an unlimited package, sold per 1, 7 or 30 days,
 * gets its own tariff's duration. The price is the tariff's catalogue price now (a restore is a
 * new sale of the same thing), else the price it was bought at when the tariff is retired; for
 * ISP the tariff price is the 30-day base of its addresses.
 */
const restoreTerms = async (db: Db, p: LockedPackage) => {
  const snapshot = p.tariff as SnapshotTariff;
  const current = p.tariff_id === null ? undefined : await findTariffById(db, p.tariff_id);
  const priceCents = current?.price_cents ?? Math.round((snapshot.price ?? 0) * 100);
  const days =
    p.type === 'unlim'
      ? (current?.duration_days ?? snapshot.duration_days ?? RESTORE_PERIOD_DAYS)
      : RESTORE_PERIOD_DAYS;
  return { priceCents, days, ports: current?.ports ?? snapshot.ports ?? 1 };
};

/**
 * POST /packages/:id/restore: an inactive package inside its grace window becomes active again
 * for a new period from now, paid from the balance. A package past its window (or already
 * active again) answers success false with a message, as the spec's restore modal expects.
 */
export const restorePackage = (
  ctx: ChangeContext,
  user: User,
  id: number,
  idempotency: IdempotencyClaim | null,
) =>
  paidChange(ctx, user, idempotency, async (tx): Promise<PaidChangeResponse> => {
    const p = await ownPackageOr404(tx, user.id, id);
    const now = Date.now();
    if (!isResumeAllowed({ status: p.status, expiresAt: p.expires_at }, now))
      return {
        success: false,
        message: ctx.translator.t(ctx.language, 'messages.package_not_restorable'),
      };
    const terms = await restoreTerms(tx, p);
    // An inactive unlimited package holds no bandwidth: its location must carry it again.
    if (p.type === 'unlim' && p.location_id !== null) {
      await lockUnlimLocation(tx, p.location_id);
      const [location] = await findUnlimCapacity(tx, { id: p.location_id });
      if (!location || !isLocationAvailable(toUnlimLocationDto(location), p.speed_limit))
        throw new AppError('LOCATION_UNAVAILABLE');
    }
    await chargeForChange(tx, user.id, p, 'restore', terms.priceCents, packageLabel(p));
    // An ISP package whose addresses went back to the pool while inactive gets new ones.
    let ips: string[] | undefined;
    if (p.type === 'isp' && p.ips.length === 0 && p.country_id !== null) {
      const reserved = await reserveIspAddresses(tx, p.country_id, terms.ports, p.id);
      if (!reserved) throw new AppError('OUT_OF_STOCK');
      ips = reserved.ips;
    }
    const expiresAt = new Date(now + terms.days * DAY_MS);
    await updatePackageTerms(
      tx,
      p.id,
      {
        status: 'active',
        expires_at: expiresAt,
        period_days: terms.days,
        ...(ips ? { ips: JSON.stringify(ips) } : {}),
      },
      { newTrafficPeriod: p.traffic_limit_bytes !== null },
    );
    await notify(tx, user.id, NOTIFICATION_TYPES.packageRestored, {
      package: packageLabel(p),
      amount: formatDollars(toDollars(terms.priceCents)),
      date: expiresAt.toISOString(),
    });
    return {
      success: true,
      message: ctx.translator.t(ctx.language, 'messages.package_restored'),
      price: toDollars(terms.priceCents),
      expired_at: expiresAt.toISOString(),
    };
  });
