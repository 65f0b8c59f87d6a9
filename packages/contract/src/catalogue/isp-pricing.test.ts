import { describe, expect, it } from 'vitest';
import { INVALID_PERIOD, ispPriceCents } from './isp-pricing.ts';

describe('ISP price rule', () => {
  const tariff = { priceCents: 1000, ports: 5 }; // $10 for 5 IPs, $2 per IP per 30 days

  it('30 days is the base price and 90 days is 2.5 times', () => {
    expect(ispPriceCents(tariff, 30)).toBe(1000);
    expect(ispPriceCents(tariff, 90)).toBe(2500);
    expect(ispPriceCents({ priceCents: 333, ports: 1 }, 90)).toBe(833); // 832.5 rounds half-up
  });

  it('1 day: 0.33 per IP with a $0.65 minimum per IP', () => {
    expect(ispPriceCents(tariff, 1)).toBe(5 * 66); // 0.33 x $2 = $0.66 per IP: above the minimum
    expect(ispPriceCents({ priceCents: 985, ports: 5 }, 1)).toBe(5 * 65); // 0.33 x $1.97 = $0.6501 -> $0.65
    expect(ispPriceCents({ priceCents: 980, ports: 5 }, 1)).toBe(5 * 65); // $0.6468 -> $0.65 (minimum)
    expect(ispPriceCents({ priceCents: 1000, ports: 10 }, 1)).toBe(10 * 65); // $0.33 -> minimum $0.65
  });

  it('7 days: 0.75 per IP with a $1.20 minimum per IP', () => {
    expect(ispPriceCents(tariff, 7)).toBe(5 * 150); // 0.75 x $2 = $1.50
    expect(ispPriceCents({ priceCents: 800, ports: 5 }, 7)).toBe(5 * 120); // exactly $1.20
    expect(ispPriceCents({ priceCents: 795, ports: 5 }, 7)).toBe(5 * 120); // $1.1925 -> minimum
    expect(ispPriceCents({ priceCents: 807, ports: 5 }, 7)).toBe(5 * 121); // $1.2105 -> $1.21
  });

  it('refuses any other period', () => {
    for (const period of [0, 2, 14, 31, 60, 365, -30, 30.5]) {
      expect(() => ispPriceCents(tariff, period)).toThrowError(INVALID_PERIOD);
    }
  });
});
