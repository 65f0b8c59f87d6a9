import { describe, expect, it } from 'vitest';
import {
  deletePackageFormSchema,
  deletePackageSchema,
  emailMatchesAccount,
  upgradePackageSchema,
} from './package-changes.schemas.ts';

describe('delete confirmation', () => {
  it('matches the account e-mail trimmed and case-insensitively, nothing else', () => {
    expect(emailMatchesAccount(' Ann@Example.com ', 'ann@example.com')).toBe(true);
    expect(emailMatchesAccount('ann@example.co', 'ann@example.com')).toBe(false);
    expect(emailMatchesAccount('', 'ann@example.com')).toBe(false);
  });

  it('requires the e-mail and reports a wrong one as email_match on the field', () => {
    expect(deletePackageSchema.safeParse({}).error?.issues[0]?.message).toBe('required_field');
    expect(deletePackageSchema.safeParse({ email: '  ' }).error?.issues[0]?.message).toBe(
      'required_field',
    );
    const form = deletePackageFormSchema('ann@example.com');
    const wrong = form.safeParse({ email: 'bob@example.com' });
    expect(wrong.error?.issues).toMatchObject([{ path: ['email'], message: 'email_match' }]);
    expect(form.safeParse({ email: 'ANN@example.com' }).success).toBe(true);
  });
});

describe('upgrade body', () => {
  it('takes a positive integer tariff id, coerced from text', () => {
    expect(upgradePackageSchema.parse({ tariff_id: '7' })).toEqual({ tariff_id: 7 });
    expect(upgradePackageSchema.safeParse({ tariff_id: 0 }).success).toBe(false);
    expect(upgradePackageSchema.safeParse({}).error?.issues[0]?.message).toBe('required_field');
  });
});
