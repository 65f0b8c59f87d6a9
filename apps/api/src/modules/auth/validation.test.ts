import type { ValidationKey } from '@proxy/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from '../../../test/helpers.ts';
import { TEXTS } from '../../../test/texts.ts';

const ctx = useTestApp();
let token: string;
beforeAll(async () => {
  token = (await registerUser(ctx.app)).token;
});

const valid = {
  name: 'Tester',
  email: 'v@example.test',
  password: 'password-1',
  password_confirmation: 'password-1',
  terms_checkbox: true,
};

type Case = { key: ValidationKey; url: string; auth?: boolean; payload: unknown; field: string };

// One request per validation key of base.json, each producing exactly that message on `field`.
const CASES: Case[] = [
  {
    key: 'required_field',
    url: '/api/userlogin',
    payload: { email: '', password: 'password-1' },
    field: 'email',
  },
  {
    key: 'cyrillic',
    url: '/api/register',
    payload: { ...valid, password: 'пароль-длинный', password_confirmation: 'пароль-длинный' },
    field: 'password',
  },
  {
    key: 'password_length',
    url: '/api/register',
    payload: { ...valid, password: 'short', password_confirmation: 'short' },
    field: 'password',
  },
  {
    key: 'email_invalid',
    url: '/api/forgot-password',
    payload: { email: 'not-an-email' },
    field: 'email',
  },
  {
    key: 'password_confirm',
    url: '/api/register',
    payload: { ...valid, password_confirmation: 'password-2' },
    field: 'password_confirmation',
  },
  {
    key: 'terms',
    url: '/api/register',
    payload: { ...valid, terms_checkbox: false },
    field: 'terms_checkbox',
  },
  {
    key: 'nickname_length',
    url: '/api/register',
    payload: { ...valid, name: 'ab' },
    field: 'name',
  },
  {
    key: 'telegram',
    url: '/api/profile',
    auth: true,
    payload: { telegram: 'nobody' },
    field: 'telegram',
  },
  { key: 'empty_inputs', url: '/api/profile', auth: true, payload: {}, field: '_' },
  {
    key: 'invalid_value',
    url: '/api/profile',
    auth: true,
    payload: { locale: 'de' },
    field: 'locale',
  },
  {
    key: 'too_long',
    url: '/api/register',
    payload: { ...valid, name: 'x'.repeat(65) },
    field: 'name',
  },
];

describe('validation messages', () => {
  for (const language of ['en', 'ru'] as const) {
    for (const testCase of CASES) {
      it(`${testCase.key} in ${language}`, async () => {
        const response = await ctx.api.request('POST', testCase.url, {
          language,
          token: testCase.auth ? token : undefined,
          payload: testCase.payload as Record<string, unknown>,
        });
        expect(response.statusCode).toBe(422);
        const body = response.json<{
          success: boolean;
          code: string;
          message: string;
          errors: Record<string, string[]>;
        }>();
        expect(body.success).toBe(false);
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(body.message).toBe(TEXTS[language].errors.validation);
        expect(body.errors[testCase.field]).toContain(TEXTS[language].validation[testCase.key]);
      });
    }
  }

  it('defaults to English for an unknown or missing language and honours q-values', async () => {
    const send = (header?: string) =>
      ctx.api.request('POST', '/api/forgot-password', {
        headers: header ? { 'accept-language': header } : {},
        payload: { email: 'x' },
      });
    expect((await send()).json<{ errors: { email: string[] } }>().errors.email).toEqual([
      TEXTS.en.validation.email_invalid,
    ]);
    expect((await send('de-DE')).json<{ errors: { email: string[] } }>().errors.email).toEqual([
      TEXTS.en.validation.email_invalid,
    ]);
    expect(
      (await send('en;q=0.4, ru-RU;q=0.9')).json<{ errors: { email: string[] } }>().errors.email,
    ).toEqual([TEXTS.ru.validation.email_invalid]);
  });

  it('a non-object body is a 422 under the form key, not a 500', async () => {
    const response = await ctx.api.request('POST', '/api/userlogin', {
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors._).toEqual([
      TEXTS.en.validation.invalid_value,
    ]);
  });
});
