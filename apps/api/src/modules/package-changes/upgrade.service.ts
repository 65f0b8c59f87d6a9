import {
  DYNAMIC_PERIOD_DAYS,
  unusedShare,
  upgradeDiscountPercent,
  upgradePriceCents,
  type PaidChangeResponse,
} from '@proxy/contract';
import type { User } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { findTariffById } from '../catalogue/catalogue.repository.ts';
import type { IdempotencyClaim } from '../purchases/idempotency.ts';
import { findPeriodUsage } from './package-changes.repository.ts';
import {
  FAMILY_BY_ROW_TYPE,
  chargeForChange,
  completeUpgrade,
  invalidUpgradeTariff,
  ownPackageOr404,
  paidChange,
  type ChangeContext,
} from './package-changes.service.ts';

const DAY_MS = 86_400_000;
const GB = 1024 ** 3;

/**
 * POST /packages/:id/upgrade: an active (or used-up) dynamic or premium package moves to a larger
 * tariff of its family. It starts a new 30-day period with the new tariff's full traffic, paid at
 * the tariff's price minus the package discount (decision 115).
 */
export const upgradePackage = (
  ctx: ChangeContext,
  user: User,
  id: number,
  tariffId: number,
  idempotency: IdempotencyClaim | null,
) =>
  paidChange(ctx, user, idempotency, async (tx): Promise<PaidChangeResponse> => {
    const p = await ownPackageOr404(tx, user.id, id, ['dynamic', 'vip']);
    if (p.status !== 'active' && p.status !== 'empty')
      throw new AppError('PACKAGE_ACTION_UNAVAILABLE');
    const target = await findTariffById(tx, tariffId);
    const currentTraffic = (p.tariff as { traffic?: number | null }).traffic ?? 0;
    if (target?.family !== FAMILY_BY_ROW_TYPE[p.type] || (target.traffic_gb ?? 0) <= currentTraffic)
      throw invalidUpgradeTariff();
    // The panel's offer (decision 106), recomputed at charge time from the same inputs: only a
    // running package has an unused share to credit.
    const share = unusedShare({
      expiresAt: p.expires_at,
      periodDays: p.period_days,
      trafficLimitBytes: p.traffic_limit_bytes,
      trafficUsedBytes: await findPeriodUsage(tx, p.id),
    });
    const percent =
      p.status === 'active' ? upgradeDiscountPercent(p.price_cents, share, target.price_cents) : 0;
    const priceCents = upgradePriceCents(target.price_cents, percent);
    await chargeForChange(tx, user.id, p, 'upgrade', priceCents, target.title);
    const expiresAt = new Date(Date.now() + DYNAMIC_PERIOD_DAYS * DAY_MS);
    return completeUpgrade(ctx, tx, user, p, {
      tariff: target,
      priceCents,
      terms: {
        traffic_limit_bytes: (target.traffic_gb ?? 0) * GB,
        status: 'active',
        expires_at: expiresAt,
        period_days: DYNAMIC_PERIOD_DAYS,
      },
      newTrafficPeriod: true,
      expiresAt,
    });
  });
