import { describe, expect, it } from 'vitest';
import { formatDollars, hasAtMostTwoDecimals, toCents, toDollars } from './money.ts';

describe('money', () => {
  it('converts dollars to integer cents without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(2.3)).toBe(230);
    expect(toCents(7.5)).toBe(750);
    expect(toCents(19.999)).toBe(2000);
    expect(toCents(-1.005)).toBe(-101);
    expect(toDollars(12345)).toBe(123.45);
  });

  it('formats with a $ prefix, at most 2 decimals, trailing zeros dropped', () => {
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(10)).toBe('$10');
    expect(formatDollars(10.5)).toBe('$10.5');
    expect(formatDollars(10.25)).toBe('$10.25');
    expect(formatDollars(10.256)).toBe('$10.26');
  });

  it('detects fractions of a cent', () => {
    expect(hasAtMostTwoDecimals(10.25)).toBe(true);
    expect(hasAtMostTwoDecimals(2.3)).toBe(true);
    expect(hasAtMostTwoDecimals(10.255)).toBe(false);
  });

  // The cabinet's cases (formerly apps/web format-money.test.ts): one display helper for both.
  it.each([
    [0, '$0'],
    [10, '$10'],
    [10.5, '$10.5'],
    [10.25, '$10.25'],
    [10.256, '$10.26'],
    [1.005, '$1.01'],
    [99.999, '$100'],
    [1234.1, '$1,234.1'],
    [-5.5, '-$5.5'],
    [-0.001, '$0'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatDollars(value)).toBe(expected);
  });

  it('groups thousands as the user’s language writes money', () => {
    expect(formatDollars(10_000)).toBe('$10,000');
    expect(formatDollars(2650, 'en')).toBe('$2,650');
    expect(formatDollars(1_234_567.5, 'en')).toBe('$1,234,567.5');
    // Russian: a no-break space groups the digits and stands before the sign, a comma decimals.
    expect(formatDollars(10_000.5, 'ru')).toBe('10\u00a0000,5\u00a0$');
    expect(formatDollars(10, 'ru')).toBe('10\u00a0$');
    // Another language reads as the fallback's.
    expect(formatDollars(10_000, 'de')).toBe('$10,000');
  });

  it('treats missing and non-finite values as zero', () => {
    expect(formatDollars(null)).toBe('$0');
    expect(formatDollars(undefined)).toBe('$0');
    expect(formatDollars(Number.NaN)).toBe('$0');
  });

  it('cents to dollars and back are inverse for every cent amount', () => {
    for (let cents = -1000; cents <= 100_000; cents += 7)
      expect(toCents(toDollars(cents))).toBe(cents);
  });
});
