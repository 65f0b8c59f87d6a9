import { describe, expect, it } from 'vitest';
import {
  applyPromoCents,
  cheapestTariff,
  findUnlimTariff,
  isLocationAvailable,
  speedToMbps,
  type UnlimLocation,
} from './buy.constants.ts';
import {
  ispBuySchema,
  ispWizardSchema,
  unlimBuySchema,
  unlimPlanSchema,
  dynamicTariffFormSchema,
  dynamicBuySchema,
} from './buy.schemas.ts';

const location = (
  over: Partial<UnlimLocation> = {},
  speeds = { min: '100 Mbps', max: '1 GB', available: '800 Mbps' },
): UnlimLocation => ({
  id: 1,
  iso2: 'de',
  location: { name: 'Frankfurt', city: 'frankfurt' },
  status: { is_available: true, is_active: true },
  servers: { available: 3 },
  network: { speeds },
  ...over,
});

describe('speed units', () => {
  it('converts GB x1000, KB x1/1000, Mbps x1', () => {
    expect(speedToMbps('1 GB')).toBe(1000);
    expect(speedToMbps('500 KB')).toBe(0.5);
    expect(speedToMbps('200 Mbps')).toBe(200);
    expect(speedToMbps('200')).toBe(200);
    expect(speedToMbps(50)).toBe(50);
    expect(speedToMbps('fast')).toBeNull();
  });
});

describe('unlimited location availability', () => {
  it('needs available, active, servers and the speed within min-max', () => {
    expect(isLocationAvailable(location(), 100)).toBe(true);
    expect(isLocationAvailable(location(), 1000)).toBe(true);
    expect(isLocationAvailable(location(), 1001)).toBe(false);
    expect(isLocationAvailable(location(), 99)).toBe(false);
    expect(isLocationAvailable(location(), null)).toBe(false);
    expect(
      isLocationAvailable(location({ status: { is_available: false, is_active: true } }), 200),
    ).toBe(false);
    expect(
      isLocationAvailable(location({ status: { is_available: true, is_active: false } }), 200),
    ).toBe(false);
    expect(isLocationAvailable(location({ servers: { available: 0 } }), 200)).toBe(false);
    expect(
      isLocationAvailable(location({}, { min: '500 KB', max: '100 Mbps', available: '1' }), 1),
    ).toBe(true);
  });
  it('matches a tariff by duration and speed', () => {
    const tariffs = [
      { id: 1, duration_days: 30, speed_limit: 100 },
      { id: 2, duration_days: 7, speed_limit: 100 },
    ];
    expect(findUnlimTariff(tariffs, 7, 100)?.id).toBe(2);
    expect(findUnlimTariff(tariffs, 7, 200)).toBeUndefined();
  });
});

describe('promo price', () => {
  it('percent rounds half-up to cents; per-GB only for traffic tariffs and never above the price', () => {
    expect(
      applyPromoCents({ priceCents: 475, trafficGb: 5 }, { percent: 10, perGbCents: null }),
    ).toBe(428);
    expect(
      applyPromoCents({ priceCents: 475, trafficGb: 5 }, { percent: 10, perGbCents: 90 }),
    ).toBe(450);
    expect(
      applyPromoCents({ priceCents: 100, trafficGb: 1 }, { percent: null, perGbCents: 150 }),
    ).toBe(100);
    expect(
      applyPromoCents({ priceCents: 26500, trafficGb: null }, { percent: null, perGbCents: 90 }),
    ).toBeNull();
    expect(
      applyPromoCents({ priceCents: 26500, trafficGb: null }, { percent: 15, perGbCents: 90 }),
    ).toBe(22525);
  });
});

describe('buy payloads', () => {
  it('dynamic: ignores a client price and empties a blank promo', () => {
    expect(dynamicBuySchema.parse({ tariff_id: 3, promo: '  ', price: 0.01 })).toEqual({
      tariff_id: 3,
      promo: null,
    });
  });
  it('unlim: accepts the alias names', () => {
    expect(unlimBuySchema.parse({ tariffID: 1, locationID: 2, promoName: 'X' })).toMatchObject({
      tariff_id: 1,
      location_id: 2,
      promo: 'X',
    });
  });
  it('isp: validates the IP', () => {
    expect(
      ispBuySchema.safeParse({ country_id: 1, period: 30, tariff_id: 1, ip: '1.2.3.999' }).success,
    ).toBe(false);
    expect(
      ispBuySchema.parse({ country_id: 1, period: 30, tariff_id: 1, ip: '', socks: 1 }),
    ).toMatchObject({ ip: null, socks: true });
  });
});

describe('wizard forms', () => {
  const base = { authType: 'login' as const, period: 30, country: 1, ips: 2, socks: false };
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues.map((i) => i.message) ?? [];
  it('isp: separate missing and invalid IP messages', () => {
    expect(ispWizardSchema.safeParse(base).success).toBe(true);
    expect(messages(ispWizardSchema.safeParse({ ...base, authType: 'ip', ip: '' }))).toEqual([
      'ip_required',
    ]);
    expect(
      messages(ispWizardSchema.safeParse({ ...base, authType: 'ip', ip: '300.1.1.1' })),
    ).toEqual(['ip_invalid']);
    expect(messages(ispWizardSchema.safeParse({ ...base, authType: undefined }))).toContain(
      'auth_type_required',
    );
    expect(messages(ispWizardSchema.safeParse({ ...base, country: undefined }))).toContain(
      'country_required',
    );
    expect(messages(ispWizardSchema.safeParse({ ...base, ips: undefined }))).toContain(
      'ips_required',
    );
  });
  it('unlim and dynamic', () => {
    expect(
      messages(unlimPlanSchema.safeParse({ period: 30, speed: undefined, location: null })),
    ).toEqual(['speed_required', 'location_required']);
    expect(messages(dynamicTariffFormSchema.safeParse({ tariff_id: undefined }))).toEqual([
      'select_tariff',
    ]);
  });
});

describe('cheapestTariff', () => {
  it('the lowest price, the shorter period among equal prices; none of an empty list', () => {
    const plan = (id: number, price: number, days: number) => ({
      id,
      price,
      duration_days: days,
    });
    expect(cheapestTariff([plan(1, 2650, 30), plan(2, 265, 1), plan(3, 890, 7)])?.id).toBe(2);
    expect(cheapestTariff([plan(1, 100, 30), plan(2, 100, 7)])?.id).toBe(2);
    expect(cheapestTariff([{ price: 4.75 }, { price: 1 }])?.price).toBe(1);
    expect(cheapestTariff([])).toBeUndefined();
  });
});
