import type { PackageStatus } from '../catalogue/buy.constants.ts';

/**
 * Package rules shared by the API's read side (list, details) and its actions (restore,
 * upgrade), and shown by the web: one definition, so the price the panel offers is the price
 * charged. Decisions 104-107.
 */

const DAY_MS = 86_400_000;

/**
 * Days after expiry during which an inactive package may still be restored (decision 105):
 * its credentials, proxy lists and ISP addresses are kept that long; after it the package
 * stays inactive for history only.
 */
export const RESUME_GRACE_DAYS = 7;

/** Days a restore buys (spec: "a restore modal paying the 30-day price"). */
export const RESTORE_PERIOD_DAYS = 30;

/**
 * Whether an inactive package may be restored now: expired (inactive, with an expiry date)
 * less than RESUME_GRACE_DAYS ago. Deactivated, emptied, pending and never-expiring packages
 * are not restorable.
 */
export const isResumeAllowed = (
  pkg: { status: PackageStatus; expiresAt: Date | string | number | null },
  now: Date | number = Date.now(),
): boolean => {
  if (pkg.status !== 'inactive' || pkg.expiresAt === null) return false;
  const expiresAt = new Date(pkg.expiresAt).getTime();
  return Number(now) < expiresAt + RESUME_GRACE_DAYS * DAY_MS;
};

/** Whole days left until `expiresAt` (0 once expired; null without an expiry). */
export const daysLeft = (
  expiresAt: Date | string | number | null,
  now: Date | number = Date.now(),
): number | null => {
  if (expiresAt === null) return null;
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - Number(now)) / DAY_MS));
};

/**
 * Until when a package runs once one more period of `periodDays` is paid (extend, renew; the
 * API's extension, decision 110): that many days after the later of its expiry and now. An
 * upgrade starts its new period now: `periodEnd(null, days)`.
 */
export const periodEnd = (
  expiresAt: Date | string | number | null,
  periodDays: number,
  now: Date | number = Date.now(),
): Date => {
  const from = Math.max(
    expiresAt === null ? Number(now) : new Date(expiresAt).getTime(),
    Number(now),
  );
  return new Date(from + periodDays * DAY_MS);
};

/** Dollars per GB of a traffic tariff, to the cent (as the catalogue shows it). */
export const perGbCents = (priceCents: number, trafficGb: number | null): number =>
  Math.round(priceCents / (trafficGb && trafficGb > 0 ? trafficGb : 1));

/* ---------- upgrade offer (decision 106) ---------- */

/** A tariff as the upgrade rule compares them (cents; traffic in GB, speed in Mbps). */
export type UpgradeTariff = {
  id: number;
  priceCents: number;
  trafficGb: number | null;
  speedLimit: number | null;
  durationDays: number | null;
};

/**
 * The tariff offered as the upgrade of a traffic package (dynamic and vip): the cheapest active
 * tariff of the same family with more traffic than the current one (ties: the one with more
 * traffic, then the lower id). None when the package already has the largest tariff.
 */
export const pickTrafficUpgrade = <T extends UpgradeTariff>(
  current: { trafficGb: number | null; priceCents: number },
  candidates: readonly T[],
): T | undefined =>
  candidates
    .filter((t) => t.trafficGb !== null && t.trafficGb > (current.trafficGb ?? 0))
    .sort(
      (a, b) =>
        a.priceCents - b.priceCents || (b.trafficGb ?? 0) - (a.trafficGb ?? 0) || a.id - b.id,
    )[0];

/**
 * Speed upgrades of an unlimited package: tariffs of the same duration with a higher speed
 * limit, slowest first (the spec's upgrade options: id, speed_limit, price).
 */
export const unlimSpeedUpgrades = <T extends UpgradeTariff>(
  current: { speedLimit: number | null; durationDays: number | null },
  candidates: readonly T[],
): T[] =>
  candidates
    .filter(
      (t) =>
        t.durationDays === current.durationDays &&
        t.speedLimit !== null &&
        t.speedLimit > (current.speedLimit ?? 0),
    )
    .sort((a, b) => (a.speedLimit ?? 0) - (b.speedLimit ?? 0) || a.id - b.id);

/**
 * The unused share of what a package was paid for, 0..1: the smaller of the time left in its
 * period and (for traffic packages) the traffic left in it. What is used up is never credited.
 */
export const unusedShare = (
  pkg: {
    expiresAt: Date | string | null;
    periodDays: number | null;
    trafficLimitBytes: number | null;
    trafficUsedBytes: number;
  },
  now: Date | number = Date.now(),
): number => {
  let share = 1;
  if (pkg.expiresAt !== null && pkg.periodDays !== null && pkg.periodDays > 0) {
    const msLeft = new Date(pkg.expiresAt).getTime() - Number(now);
    share = Math.min(share, msLeft / (pkg.periodDays * DAY_MS));
  }
  if (pkg.trafficLimitBytes !== null && pkg.trafficLimitBytes > 0)
    share = Math.min(share, (pkg.trafficLimitBytes - pkg.trafficUsedBytes) / pkg.trafficLimitBytes);
  return Math.min(1, Math.max(0, share));
};

/** The highest upgrade discount: an upgrade always costs something. */
export const MAX_UPGRADE_DISCOUNT_PERCENT = 90;

/**
 * The upgrade's `package_discount`: the unused value of the current package (what was paid
 * times its unused share) as a whole percent of the new tariff's price, rounded down so the
 * credit never exceeds what is left, and at most MAX_UPGRADE_DISCOUNT_PERCENT.
 */
export const upgradeDiscountPercent = (
  paidCents: number,
  share: number,
  newPriceCents: number,
): number => {
  if (newPriceCents <= 0 || paidCents <= 0 || share <= 0) return 0;
  const creditCents = Math.floor(paidCents * Math.min(1, share));
  return Math.min(MAX_UPGRADE_DISCOUNT_PERCENT, Math.floor((creditCents * 100) / newPriceCents));
};

/** Spec: "Upgrade discount: price minus percent" (cents, rounded half-up like a promo). */
export const upgradePriceCents = (newPriceCents: number, discountPercent: number): number =>
  Math.round((newPriceCents * (100 - discountPercent)) / 100);
