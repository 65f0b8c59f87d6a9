import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDatabase } from '@proxy/db';
import { createTranslator } from '../../i18n/translator.ts';
import { createCapturingMailer, useTestApp } from '../../../test/helpers.ts';
import { TEXTS, errorBody } from '../../../test/texts.ts';

const ctx = useTestApp({ BODY_LIMIT_BYTES: '2048' });

describe('GET /api/health', () => {
  it('ok when the database answers', async () => {
    const response = await ctx.api.request('GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('503 when the database does not answer', async () => {
    const dead = createDatabase('postgres://nobody:wrong@127.0.0.1:1/none', 1);
    const app = await buildApp({
      config: ctx.config,
      db: dead.db,
      mailer: createCapturingMailer([]),
      translator: createTranslator(ctx.config.LOCALES_DIR),
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(
        errorBody('SERVICE_UNAVAILABLE', TEXTS.en.errors.service_unavailable),
      );
    } finally {
      await app.close();
      await dead.close();
    }
  });
});

describe('error shapes', () => {
  it('unknown /api route: 404 JSON with the not-found text, any method, translated', async () => {
    for (const [method, language] of [
      ['GET', 'en'],
      ['POST', 'ru'],
      ['DELETE', 'en'],
    ] as const) {
      const response = await ctx.api.request(method, '/api/definitely/not/here', { language });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody('NOT_FOUND', TEXTS[language].errors.not_found));
    }
  });

  const badRequest = errorBody('BAD_REQUEST', TEXTS.en.errors.bad_request);
  it.each([
    {
      body: 'malformed JSON',
      contentType: 'application/json',
      payload: '{"email": "a@b.c", ',
      status: 400,
      answer: badRequest,
    },
    {
      body: 'prototype poisoning',
      contentType: 'application/json',
      payload: '{"__proto__": {"admin": true}, "email": "a@b.c", "password": "password-1"}',
      status: 400,
      answer: badRequest,
    },
    {
      // 415 with its own code (decision 083).
      body: 'an unsupported content type',
      contentType: 'application/x-www-form-urlencoded',
      payload: 'email=a',
      status: 415,
      answer: { success: false, code: 'UNSUPPORTED_MEDIA_TYPE' },
    },
    {
      body: 'an empty JSON body (validated)',
      contentType: 'application/json',
      payload: '',
      status: 422,
      answer: { success: false, code: 'VALIDATION_FAILED' },
    },
  ])('$body is a $status, not a 500', async ({ contentType, payload, status, answer }) => {
    const response = await ctx.api.request('POST', '/api/userlogin', {
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject(answer);
  });

  it('a body over the limit is 413', async () => {
    const response = await ctx.api.request('POST', '/api/userlogin', {
      payload: { email: 'a@b.c', password: 'x'.repeat(5000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(
      errorBody('PAYLOAD_TOO_LARGE', TEXTS.en.errors.payload_too_large),
    );
  });

  it('without a web build, / explains itself with a 503 JSON and locales are still served', async () => {
    const root = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(503);
    expect(root.json<{ message: string }>().message).toContain('npm run build');
    const locale = await ctx.app.inject({ method: 'GET', url: '/locales/ru/base.json?v=1' });
    expect(locale.statusCode).toBe(200);
    expect(locale.json<{ errors: { not_found: string } }>().errors.not_found).toBe(
      TEXTS.ru.errors.not_found,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/locales/de/base.json' })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/locales/en/..%2F..%2Fpackage.json' }))
        .statusCode,
    ).toBe(404);
  });
});
