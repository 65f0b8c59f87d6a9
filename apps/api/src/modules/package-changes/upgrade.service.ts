import {
  FAMILY_BY_PACKAGE_ROW_TYPE,
  DYNAMIC_PERIOD_DAYS,
  unusedShare,
  upgradeDiscountPercent,
  upgradePriceCents,
} from '@proxy/contract';
import type { User } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import { findTariffById } from '../catalogue/catalogue.repository.ts';
import { findPeriodUsage } from './package-changes.repository.ts';
import {
  invalidUpgradeTariff,
  paidUpgrade,
  type ChangeContext,
  type UpgradeRequest,
} from './package-changes.service.ts';

const DAY_MS = 86_400_000;
const GB = 1024 ** 3;

/**
 * POST /packages/:id/upgrade: an active (or used-up) dynamic or premium package moves to a larger
 * tariff of its family. It starts a new 30-day period with the new tariff's full traffic, paid at
 * the tariff's price minus the package discount (decision 115).
 */
export const upgradePackage = (ctx: ChangeContext, user: User, request: UpgradeRequest) =>
  paidUpgrade(ctx, user, request, ['dynamic', 'vip'], async (tx, p) => {
    if (p.status !== 'active' && p.status !== 'empty')
      throw new AppError('PACKAGE_ACTION_UNAVAILABLE');
    const target = await findTariffById(tx, request.tariffId);
    const currentTraffic = (p.tariff as { traffic?: number | null }).traffic ?? 0;
    const family = FAMILY_BY_PACKAGE_ROW_TYPE[p.type];
    if (target?.family !== family || (target.traffic_gb ?? 0) <= currentTraffic)
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
    const expiresAt = new Date(Date.now() + DYNAMIC_PERIOD_DAYS * DAY_MS);
    return {
      tariff: target,
      priceCents: upgradePriceCents(target.price_cents, percent),
      terms: {
        traffic_limit_bytes: (target.traffic_gb ?? 0) * GB,
        status: 'active',
        expires_at: expiresAt,
        period_days: DYNAMIC_PERIOD_DAYS,
      },
      newTrafficPeriod: true,
      expiresAt,
    };
  });
