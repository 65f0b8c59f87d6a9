import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

describe('formatMoney', () => {
  it.each([
    [0, '$0'],
    [10, '$10'],
    [10.5, '$10.5'],
    [10.5, '$10.5'],
    [10.25, '$10.25'],
    [10.256, '$10.26'],
    [1.005, '$1.01'],
    [99.999, '$100'],
    [1234.1, '$1234.1'],
    [-5.5, '$-5.5'],
    [-0.001, '$0'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it('treats missing and non-finite values as zero', () => {
    expect(formatMoney(null)).toBe('$0');
    expect(formatMoney(undefined)).toBe('$0');
    expect(formatMoney(Number.NaN)).toBe('$0');
  });
});
