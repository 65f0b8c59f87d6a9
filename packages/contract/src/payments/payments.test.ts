import { describe, expect, it } from 'vitest';
import { topUpSchema } from './payments.schemas.ts';
import {
  PAYMENT_METHODS,
  TOP_UP_PRESET_AMOUNTS,
  isWithinMethodBounds,
} from './payments.constants.ts';

const issues = (input: unknown) =>
  topUpSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('payment methods', () => {
  it('match the bounds table of spec 001 section 9 exactly', () => {
    const SPEC =
      '3: 5-10000; 5: 10-10000; 6: 20-25000; 7: 6-2352; 7.1: 13-1000; 7.2: 6-1600; 7.3: 15-1000; ' +
      '7.4: 15-1000; 7.5: 10-1000; 7.6: 2.3-430; 7.7: 7.5-483; 7.8: 7.5-483';
    expect(
      PAYMENT_METHODS.map((m) => `${m.id}: ${m.minCents / 100}-${m.maxCents / 100}`).join('; '),
    ).toBe(SPEC);
    expect(PAYMENT_METHODS.filter((m) => m.hasNetworks).map((m) => m.id)).toEqual(['3']);
    expect(
      PAYMENT_METHODS.filter((m) => m.paymentSystem !== null).map((m) => [m.type, m.paymentSystem]),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => [7, n]));
  });
});

describe('top-up presets', () => {
  it('rise, and each fits most methods’ bounds', () => {
    expect([...TOP_UP_PRESET_AMOUNTS].sort((a, b) => a - b)).toEqual([...TOP_UP_PRESET_AMOUNTS]);
    for (const amount of TOP_UP_PRESET_AMOUNTS) {
      const fitting = PAYMENT_METHODS.filter((method) => isWithinMethodBounds(method, amount));
      expect(fitting.length, `$${amount}`).toBeGreaterThan(PAYMENT_METHODS.length / 2);
    }
    const pix = PAYMENT_METHODS.find((method) => method.id === '7.6')!;
    expect(TOP_UP_PRESET_AMOUNTS.filter((amount) => isWithinMethodBounds(pix, amount))).toEqual([
      10, 25, 50, 100,
    ]);
  });
});

describe('top-up schema', () => {
  it('accepts every method at its exact bounds and refuses a cent outside', () => {
    for (const m of PAYMENT_METHODS) {
      const base = {
        type: m.type,
        payment_system: m.paymentSystem,
        network: m.hasNetworks ? 'USDT-TRC20' : undefined,
      };
      expect(issues({ ...base, amount: m.minCents / 100 })).toEqual([]);
      expect(issues({ ...base, amount: m.maxCents / 100 })).toEqual([]);
      expect(issues({ ...base, amount: (m.minCents - 1) / 100 })).toEqual([
        'amount:top-up:errors.min_amount_payment',
      ]);
      expect(issues({ ...base, amount: (m.maxCents + 1) / 100 })).toEqual([
        'amount:top-up:errors.max_amount_payment',
      ]);
    }
  });

  it('reads a missing amount as a required field', () => {
    expect(issues({ type: 5 })).toEqual(['amount:required_field']);
    expect(issues({ type: 5, amount: '  ' })).toEqual(['amount:required_field']);
    expect(issues({ type: 5, amount: 'abc' })).toEqual(['amount:required_field']);
  });

  it('takes only digits with an optional decimal point in a typed amount', () => {
    for (const amount of ['1e3', '1E3', '0x10', '1_000', '+50', '-50', '5 0', '50$']) {
      expect(issues({ type: 5, amount }), amount).toEqual(['amount:amount_format']);
    }
    for (const amount of ['50', ' 50 ', '50.5', '50,25', '50.', '1000']) {
      expect(issues({ type: 5, amount }), amount).toEqual([]);
    }
    expect(topUpSchema.parse({ type: 5, amount: '50,25' }).amountCents).toBe(5025);
  });

  it('needs a network only for crypto', () => {
    expect(issues({ type: 3, amount: 50 })).toEqual(['network:top-up:errors.network']);
    expect(topUpSchema.parse({ type: 5, amount: 50, network: 'BTC' }).network).toBeNull();
  });

  it('refuses unknown methods and sub-methods', () => {
    expect(issues({ type: 4, amount: 50 })).toContain('type:top-up:errors.method');
    expect(issues({ type: 7, payment_system: 9, amount: 50 })).toContain(
      'payment_system:top-up:errors.method',
    );
  });

  it('converts to cents', () => {
    expect(topUpSchema.parse({ type: 7, payment_system: 6, amount: '2.30' })).toEqual({
      amountCents: 230,
      type: 7,
      paymentSystem: 6,
      network: null,
    });
  });
});
