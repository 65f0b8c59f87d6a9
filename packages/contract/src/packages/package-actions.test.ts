import { describe, expect, it } from 'vitest';
import { endpointPath } from '../http/endpoint.ts';
import {
  deletePackageFormSchema,
  deletePackageSchema,
  emailMatchesAccount,
  unlimUpgradePriceCents,
  upgradePackageSchema,
} from './package-changes.schemas.ts';
import { packageLifecycleEndpoints } from './package-lifecycle.endpoints.ts';
import {
  autoUpdateSchema,
  packageExtendSchema,
  unlimRenewSchema,
} from './package-lifecycle.schemas.ts';

// The actions on a package: its lifecycle (extend, renew, auto-renewal) and its
// changes (delete, upgrade, the unlimited speed upgrade).

describe('package lifecycle schemas', () => {
  it('auto_update: a boolean or 0/1 as the original client sends it; anything else refused', () => {
    for (const value of [true, 1, '1'])
      expect(autoUpdateSchema.parse({ auto_update: value })).toEqual({ auto_update: true });
    for (const value of [false, 0, '0'])
      expect(autoUpdateSchema.parse({ auto_update: value })).toEqual({ auto_update: false });
    for (const value of [undefined, 'yes', 2, null])
      expect(autoUpdateSchema.safeParse({ auto_update: value }).success).toBe(false);
  });

  it('extend: an ISP period of 1, 7, 30 or 90 days, or none', () => {
    expect(packageExtendSchema.parse({})).toEqual({});
    expect(packageExtendSchema.parse({ period: '7' })).toEqual({ period: 7 });
    const refused = packageExtendSchema.safeParse({ period: 14 });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['invalid_period']);
  });

  it('unlimited renew: {uuid, promoName}, promo as an alias, an empty promo is none', () => {
    expect(unlimRenewSchema.parse({ uuid: ' k1 ', promoName: ' SAVE10 ' })).toEqual({
      uuid: 'k1',
      promoName: 'SAVE10',
    });
    expect(unlimRenewSchema.parse({ promo: 'X' })).toMatchObject({ promoName: 'X' });
    expect(unlimRenewSchema.parse({ promoName: '  ' })).toEqual({ promoName: null });
    expect(unlimRenewSchema.safeParse({ promoName: 'a\u0000' }).success).toBe(false);
  });

  it('paths: the spec names the unlimited ones, extend and auto-update sit under /packages', () => {
    expect(endpointPath(packageLifecycleEndpoints.renewUnlim, { packageID: 5 })).toBe(
      '/unlim/5/renew',
    );
    expect(endpointPath(packageLifecycleEndpoints.setUnlimAutoUpdate, { packageID: 5 })).toBe(
      '/unlim/5/auto-update',
    );
    expect(endpointPath(packageLifecycleEndpoints.extendPackage, { id: 5 })).toBe(
      '/packages/5/extend',
    );
  });
});

describe('delete confirmation', () => {
  it('matches the account e-mail trimmed and case-insensitively, nothing else', () => {
    expect(emailMatchesAccount(' Ann@Example.com ', 'ann@example.com')).toBe(true);
    expect(emailMatchesAccount('ann@example.co', 'ann@example.com')).toBe(false);
    expect(emailMatchesAccount('', 'ann@example.com')).toBe(false);
  });

  it('requires the e-mail and reports a wrong one as email_match on the field', () => {
    expect(deletePackageSchema.safeParse({}).error?.issues[0]?.message).toBe('required_field');
    expect(deletePackageSchema.safeParse({ email: '  ' }).error?.issues[0]?.message).toBe(
      'required_field',
    );
    const form = deletePackageFormSchema('ann@example.com');
    const wrong = form.safeParse({ email: 'bob@example.com' });
    expect(wrong.error?.issues).toMatchObject([{ path: ['email'], message: 'email_match' }]);
    expect(form.safeParse({ email: 'ANN@example.com' }).success).toBe(true);
  });
});

describe('upgrade body', () => {
  it('takes a positive integer tariff id, coerced from text', () => {
    expect(upgradePackageSchema.parse({ tariff_id: '7' })).toEqual({ tariff_id: 7 });
    expect(upgradePackageSchema.safeParse({ tariff_id: 0 }).success).toBe(false);
    expect(upgradePackageSchema.safeParse({}).error?.issues[0]?.message).toBe('required_field');
  });
});

describe('unlimited speed upgrade price', () => {
  const now = Date.UTC(2026, 0, 1);
  const base = { currentPriceCents: 89_000, targetPriceCents: 119_000, durationDays: 7 };
  it('is the difference for the share of the period left, rounded up to the cent', () => {
    expect(unlimUpgradePriceCents({ ...base, expiresAtMs: now + 7 * 86_400_000, nowMs: now })).toBe(
      30_000,
    );
    expect(unlimUpgradePriceCents({ ...base, expiresAtMs: now + 2 * 86_400_000, nowMs: now })).toBe(
      Math.ceil((30_000 * 2) / 7),
    );
    expect(unlimUpgradePriceCents({ ...base, expiresAtMs: now + 1, nowMs: now })).toBe(1);
  });
  it('is nothing after the end, for a cheaper tariff, and never more than the full difference', () => {
    expect(unlimUpgradePriceCents({ ...base, expiresAtMs: now - 1, nowMs: now })).toBe(0);
    expect(
      unlimUpgradePriceCents({ ...base, targetPriceCents: 1, expiresAtMs: now + 1e9, nowMs: now }),
    ).toBe(0);
    expect(unlimUpgradePriceCents({ ...base, expiresAtMs: now + 1e12, nowMs: now })).toBe(30_000);
  });
});
