import { describe, expect, it } from 'vitest';
import {
  registerSchema,
  loginSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  updatePasswordSchema,
} from './auth.schemas.ts';
import { withdrawalSchema } from '../referral/referral.schemas.ts';

const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
import {
  buildProfileUpdatePayload,
  profilePasswordFormSchema,
  profileUpdateSchema,
} from '../profile/profile.schemas.ts';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

/** A valid new password with its confirmation. */
const passwords = { password: 'secret123', password_confirmation: 'secret123' };

describe('registerSchema', () => {
  const valid = { name: 'Alice', email: 'Alice@Example.com', ...passwords, terms_checkbox: true };

  it('accepts a valid payload and lower-cases the e-mail', () => {
    const parsed = registerSchema.parse(valid);
    expect(parsed.email).toBe('alice@example.com');
  });

  it('reports every rule of spec section 5 with its key', () => {
    const result = registerSchema.safeParse({
      name: 'Al',
      email: 'not-an-email',
      password: 'пароль12',
      password_confirmation: 'other',
      terms_checkbox: false,
    });
    expect(messagesOf(result)).toMatchObject({
      name: 'nickname_length',
      email: 'email_invalid',
      password: 'cyrillic',
      terms_checkbox: 'terms',
    });
  });

  it('requires a password of at least 8 characters and a matching confirmation', () => {
    const result = registerSchema.safeParse({
      ...valid,
      password: 'short',
      password_confirmation: 'x',
    });
    const issues = result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];
    expect(issues).toContain('password:password_length');
  });

  it('reports a mismatching confirmation', () => {
    const result = registerSchema.safeParse({ ...valid, password_confirmation: 'secret124' });
    expect(messagesOf(result)).toEqual({ password_confirmation: 'password_confirm' });
  });

  it('reports a mismatching confirmation even while the password or another field is invalid', () => {
    const broken = { password: 'short', password_confirmation: 'other' };
    const schemas = [
      registerSchema.safeParse({ ...valid, name: 'Al', ...broken }),
      registerSchema.safeParse({ ...valid, terms_checkbox: false, ...broken }),
      resetPasswordSchema.safeParse({ email: 'a@b.co', token: 't', ...broken }),
      resetPasswordFormSchema.safeParse(broken),
      updatePasswordSchema.safeParse({ current_password: 'old-password', ...broken }),
      profilePasswordFormSchema.safeParse({ current_password: '', ...broken }),
    ];
    for (const result of schemas)
      expect(messagesOf(result)).toMatchObject({
        password: 'password_length',
        password_confirmation: 'password_confirm',
      });
    // A matching confirmation of an invalid password is not reported.
    expect(
      messagesOf(
        registerSchema.safeParse({ ...valid, password: 'short', password_confirmation: 'short' }),
      ),
    ).toEqual({ password: 'password_length' });
  });

  it('treats missing fields as required', () => {
    const result = loginSchema.safeParse({});
    expect(messagesOf(result)).toEqual({ email: 'required_field', password: 'required_field' });
  });
});

describe('resetPasswordSchema', () => {
  it('needs a token', () => {
    const result = resetPasswordSchema.safeParse({ email: 'a@b.co', token: '', ...passwords });
    expect(messagesOf(result)).toEqual({ token: 'required_field' });
  });
});

describe('profile update', () => {
  it('refuses an empty update', () => {
    expect(messagesOf(profileUpdateSchema.safeParse({}))).toEqual({ '': 'empty_inputs' });
  });

  it('checks the telegram handle', () => {
    expect(messagesOf(profileUpdateSchema.safeParse({ telegram: 'nobody' }))).toEqual({
      telegram: 'telegram',
    });
    expect(profileUpdateSchema.safeParse({ telegram: '@proxy_fan' }).success).toBe(true);
  });

  it('sends the password only when both are present and equal', () => {
    expect(
      buildProfileUpdatePayload({
        name: 'Bob',
        password: 'abcdefgh',
        password_confirmation: 'abcdefgx',
      }),
    ).toEqual({
      name: 'Bob',
    });
    expect(
      buildProfileUpdatePayload({
        name: null,
        telegram: undefined,
        password: 'abcdefgh',
        password_confirmation: 'abcdefgh',
      }),
    ).toEqual({ password: 'abcdefgh', password_confirmation: 'abcdefgh' });
  });

  it('sends the current password with a new one, and never alone (decision 060)', () => {
    expect(
      buildProfileUpdatePayload({
        current_password: 'old-password',
        password: 'abcdefgh',
        password_confirmation: 'abcdefgh',
      }),
    ).toEqual({
      current_password: 'old-password',
      password: 'abcdefgh',
      password_confirmation: 'abcdefgh',
    });
    expect(
      buildProfileUpdatePayload({ name: 'Bob', current_password: 'old-password', password: '' }),
    ).toEqual({ name: 'Bob' });
    expect(
      profileUpdateSchema.safeParse({
        current_password: 'old-password',
        password: 'abcdefgh',
        password_confirmation: 'abcdefgh',
      }).success,
    ).toBe(true);
  });
});

describe('the two-factor code of an action', () => {
  it('is optional and empty reads as not given, so forms without the field still submit', () => {
    const change = { current_password: 'old-password', password: 'abcdefgh' };
    const form = { ...change, password_confirmation: 'abcdefgh' };
    expect(profilePasswordFormSchema.safeParse({ ...form, two_factor_code: '' }).success).toBe(
      true,
    );
    expect(updatePasswordSchema.safeParse({ ...form, two_factor_code: '' }).success).toBe(true);
    expect(
      withdrawalSchema(50_000).safeParse({ amount: 100, address: TRC20, two_factor_code: '' })
        .success,
    ).toBe(true);
    expect(buildProfileUpdatePayload({ ...form, two_factor_code: '' })).not.toHaveProperty(
      'two_factor_code',
    );
    expect(buildProfileUpdatePayload({ ...form, two_factor_code: '123456' })).toMatchObject({
      two_factor_code: '123456',
    });
    expect(
      updatePasswordSchema.safeParse({ ...form, two_factor_code: 'x'.repeat(65) }).success,
    ).toBe(false);
  });
});
