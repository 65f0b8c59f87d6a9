import { afterEach, describe, expect, it } from 'vitest';
import { cookiesWrittenBy } from '../../../test/dom';
import { amountFromQuery, readPaymentData, savePaymentData, TOP_UP_COOKIE } from './payment-cookie';

afterEach(() => {
  document.cookie = `${TOP_UP_COOKIE}=; path=/; max-age=0`;
});

describe('topUpPaymentData cookie', () => {
  it('round-trips the payment data', () => {
    savePaymentData({ amount: '25', type: 3, payment_system: null, network: 'BTC' });
    expect(readPaymentData()).toEqual({
      amount: '25',
      type: 3,
      payment_system: null,
      network: 'BTC',
    });
  });
  it('lives for 2 hours (spec), on path /', () => {
    const written = cookiesWrittenBy(() =>
      savePaymentData({ amount: '25', type: 5, payment_system: null, network: 'USD' }),
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^topUpPaymentData=[^;]+; path=\/;/);
    expect(written[0]).toContain('; max-age=7200');
  });
  it('ignores a missing or broken cookie', () => {
    expect(readPaymentData()).toBeNull();
    document.cookie = `${TOP_UP_COOKIE}=not-json; path=/`;
    expect(readPaymentData()).toBeNull();
  });
  it('reads a prefilled amount only when it is a positive number', () => {
    expect(amountFromQuery('12.5')).toBe('12.5');
    expect(amountFromQuery('12.567')).toBe('12.57');
    expect(amountFromQuery('abc')).toBe('');
    expect(amountFromQuery('-3')).toBe('');
    expect(amountFromQuery(null)).toBe('');
  });
});
