import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { sha256 } from '../common/sha256.ts';
import { isValidTrc20Address } from './trc20.ts';
import { transferReferralSchema, withdrawalSchema } from './referral.schemas.ts';

// USDT's own TRC20 contract address: a real, checksum-valid TRON address.
const VALID = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('sha256', () => {
  it('matches node:crypto for several lengths', () => {
    for (const text of [
      '',
      'abc',
      'x'.repeat(55),
      'y'.repeat(56),
      'z'.repeat(64),
      'long'.repeat(100),
    ]) {
      const expected = createHash('sha256').update(text).digest('hex');
      expect(Buffer.from(sha256(new TextEncoder().encode(text))).toString('hex')).toBe(expected);
    }
  });
});

describe('TRC20 address', () => {
  it('accepts a real address', () => expect(isValidTrc20Address(VALID)).toBe(true));
  it('refuses a mistyped character (checksum)', () => {
    expect(
      isValidTrc20Address(
        `${VALID.slice(0, 10)}${VALID[10] === 'a' ? 'b' : 'a'}${VALID.slice(11)}`,
      ),
    ).toBe(false);
  });
  it('refuses the wrong shape', () => {
    expect(isValidTrc20Address('0x742d35Cc6634C0532925a3b844Bc454e4438f44e')).toBe(false);
    expect(isValidTrc20Address(`${VALID}1`)).toBe(false);
    expect(isValidTrc20Address(VALID.replace('T', 'X'))).toBe(false);
  });
});

describe('referral amounts', () => {
  const keys = (r: { error?: { issues: { message: string }[] } }) =>
    r.error?.issues.map((i) => i.message) ?? [];
  it('transfer: at least $1, at most the balance', () => {
    expect(keys(transferReferralSchema(5000).safeParse({ amount: 0.99 }))).toEqual([
      'referral:errors.amount_less_than_min',
    ]);
    expect(keys(transferReferralSchema(5000).safeParse({ amount: 50.01 }))).toEqual([
      'referral:errors.amount_more',
    ]);
    expect(transferReferralSchema(5000).safeParse({ amount: '50' }).success).toBe(true);
    expect(keys(transferReferralSchema(5000).safeParse({ amount: 'x' }))).toEqual([
      'required_field',
    ]);
  });
  it('withdraw: at least $100 and a valid address', () => {
    expect(keys(withdrawalSchema(50000).safeParse({ amount: 99, address: VALID }))).toEqual([
      'referral:errors.amount_less_than_min',
    ]);
    expect(keys(withdrawalSchema(50000).safeParse({ amount: 100, address: 'T123' }))).toEqual([
      'referral:errors.address_invalid',
    ]);
    expect(withdrawalSchema(50000).safeParse({ amount: 100, address: VALID }).success).toBe(true);
  });
});
