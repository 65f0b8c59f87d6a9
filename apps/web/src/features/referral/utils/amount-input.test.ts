import { describe, expect, it } from 'vitest';
import { acceptAmountInput } from './amount-input';

describe('acceptAmountInput', () => {
  it('accepts numbers up to the balance with at most two decimals', () => {
    expect(acceptAmountInput('12', 50)).toBe('12');
    expect(acceptAmountInput('12,5', 50)).toBe('12.5');
    expect(acceptAmountInput('50', 50)).toBe('50');
    expect(acceptAmountInput('', 50)).toBe('');
  });
  it('refuses non-numeric text, three decimals and values above the balance', () => {
    expect(acceptAmountInput('1a', 50)).toBeNull();
    expect(acceptAmountInput('-1', 50)).toBeNull();
    expect(acceptAmountInput('1.234', 50)).toBeNull();
    expect(acceptAmountInput('50.01', 50)).toBeNull();
  });
});
