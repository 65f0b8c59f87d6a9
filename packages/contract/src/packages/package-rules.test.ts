import { describe, expect, it } from 'vitest';
import {
  MAX_UPGRADE_DISCOUNT_PERCENT,
  RESUME_GRACE_DAYS,
  daysLeft,
  isResumeAllowed,
  periodEnd,
  pickTrafficUpgrade,
  unlimSpeedUpgrades,
  unusedShare,
  upgradeDiscountPercent,
  upgradePriceCents,
  type UpgradeTariff,
} from './package-rules.ts';

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 12);
const daysFromNow = (days: number) => new Date(NOW + days * DAY_MS);

const tariff = (id: number, priceCents: number, fields: Partial<UpgradeTariff> = {}) => ({
  id,
  priceCents,
  trafficGb: null,
  speedLimit: null,
  durationDays: null,
  ...fields,
});

describe('restore grace window', () => {
  it('only inactive packages that expired less than RESUME_GRACE_DAYS ago', () => {
    const inactive = (days: number) =>
      isResumeAllowed({ status: 'inactive', expiresAt: daysFromNow(days) }, NOW);
    expect(inactive(-1)).toBe(true);
    expect(inactive(-RESUME_GRACE_DAYS + 0.01)).toBe(true);
    expect(inactive(-RESUME_GRACE_DAYS)).toBe(false);
    expect(inactive(-RESUME_GRACE_DAYS - 1)).toBe(false);
    for (const status of ['active', 'deactivate', 'empty', 'pending', 'processing'] as const)
      expect(isResumeAllowed({ status, expiresAt: daysFromNow(-1) }, NOW), status).toBe(false);
    expect(isResumeAllowed({ status: 'inactive', expiresAt: null }, NOW)).toBe(false);
    // An ISO string (as the list reads it) counts the same.
    expect(
      isResumeAllowed({ status: 'inactive', expiresAt: daysFromNow(-2).toISOString() }, NOW),
    ).toBe(true);
  });

  it('days left round up, never below 0, null without an expiry', () => {
    expect(daysLeft(daysFromNow(2.1), NOW)).toBe(3);
    expect(daysLeft(daysFromNow(30), NOW)).toBe(30);
    expect(daysLeft(daysFromNow(-3), NOW)).toBe(0);
    expect(daysLeft(null, NOW)).toBe(null);
  });
});

describe('upgrade offer', () => {
  const base = [
    tariff(1, 100, { trafficGb: 1 }),
    tariff(2, 475, { trafficGb: 5 }),
    tariff(3, 900, { trafficGb: 10 }),
  ];

  it('offers the cheapest tariff with more traffic, none from the largest', () => {
    expect(pickTrafficUpgrade({ trafficGb: 1, priceCents: 100 }, base)?.id).toBe(2);
    expect(pickTrafficUpgrade({ trafficGb: 5, priceCents: 475 }, [...base].reverse())?.id).toBe(3);
    expect(pickTrafficUpgrade({ trafficGb: 10, priceCents: 900 }, base)).toBeUndefined();
  });

  it('unlimited speed upgrades: same duration, faster, slowest first', () => {
    const unlim = [
      tariff(10, 52_000, { speedLimit: 500, durationDays: 1 }),
      tariff(11, 26_500, { speedLimit: 100, durationDays: 1 }),
      tariff(12, 34_000, { speedLimit: 200, durationDays: 1 }),
      tariff(13, 119_000, { speedLimit: 200, durationDays: 7 }),
    ];
    expect(
      unlimSpeedUpgrades({ speedLimit: 100, durationDays: 1 }, unlim).map((t) => t.id),
    ).toEqual([12, 10]);
    expect(unlimSpeedUpgrades({ speedLimit: 500, durationDays: 1 }, unlim)).toEqual([]);
  });

  it('credits the smaller of the time and the traffic left', () => {
    const pkg = (days: number, used: number) => ({
      expiresAt: daysFromNow(days),
      periodDays: 30,
      trafficLimitBytes: 1000,
      trafficUsedBytes: used,
    });
    expect(unusedShare(pkg(15, 0), NOW)).toBe(0.5);
    expect(unusedShare(pkg(15, 800), NOW)).toBeCloseTo(0.2);
    expect(unusedShare(pkg(-1, 0), NOW)).toBe(0);
    expect(unusedShare(pkg(30, 1200), NOW)).toBe(0);
    expect(
      unusedShare(
        { expiresAt: null, periodDays: null, trafficLimitBytes: null, trafficUsedBytes: 0 },
        NOW,
      ),
    ).toBe(1);
  });

  it('the discount is the credit as a whole percent rounded down, capped; price minus percent', () => {
    // $1 paid, half unused: $0.50 of $4.75 = 10.5 % -> 10 %; 4.75 - 10 % = 4.275 -> 4.28.
    expect(upgradeDiscountPercent(100, 0.5, 475)).toBe(10);
    expect(upgradePriceCents(475, 10)).toBe(428);
    expect(upgradeDiscountPercent(100, 0, 475)).toBe(0);
    expect(upgradeDiscountPercent(0, 1, 475)).toBe(0);
    expect(upgradeDiscountPercent(10_000, 1, 10_000)).toBe(MAX_UPGRADE_DISCOUNT_PERCENT);
    expect(upgradePriceCents(10_000, 0)).toBe(10_000);
  });
});

describe('periodEnd', () => {
  const now = Date.parse('2026-12-01T10:00:00Z');
  it('one period after the later of the expiry and now; from now without an expiry', () => {
    expect(periodEnd('2027-01-10T12:00:00Z', 30, now).toISOString()).toBe(
      '2027-02-09T12:00:00.000Z',
    );
    expect(periodEnd('2026-11-20T00:00:00Z', 7, now).toISOString()).toBe(
      '2026-12-08T10:00:00.000Z',
    );
    expect(periodEnd(null, 30, now).toISOString()).toBe('2026-12-31T10:00:00.000Z');
  });
});
