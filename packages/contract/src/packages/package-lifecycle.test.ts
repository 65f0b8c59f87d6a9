import { describe, expect, it } from 'vitest';
import { endpointPath } from '../http/endpoint.ts';
import { packageLifecycleEndpoints } from './package-lifecycle.endpoints.ts';
import {
  autoUpdateSchema,
  packageExtendSchema,
  unlimRenewSchema,
} from './package-lifecycle.schemas.ts';

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
