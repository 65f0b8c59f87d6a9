import { describe, expect, it } from 'vitest';
import { missingDollars } from './money';

describe('missingDollars', () => {
  it('is the shortfall in whole cents, never negative', () => {
    expect(missingDollars(4.75, 1)).toBe(3.75);
    expect(missingDollars(0.3, 0.1)).toBe(0.2);
    expect(missingDollars(1, 5)).toBe(0);
  });
});
