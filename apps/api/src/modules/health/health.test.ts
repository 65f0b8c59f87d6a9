import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import { createTranslator } from '../../i18n/translator.ts';
import { createCapturingMailer, useTestApp } from '../../../test/helpers.ts';
import { TEXTS } from '../../../test/texts.ts';

const ctx = useTestApp({ BODY_LIMIT_BYTES: '2048' });

describe('GET /api/health', () => {
  it('ok when the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
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
      expect(response.json()).toEqual({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: TEXTS.en.errors.service_unavailable,
      });
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
      const response = await ctx.app.inject({
        method,
        url: '/api/definitely/not/here',
        headers: { 'accept-language': language },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: TEXTS[language].errors.not_found,
      });
    }
  });

  it('malformed JSON is a 400 BAD_REQUEST, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/userlogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: TEXTS.en.errors.bad_request,
    });
  });

  it('prototype poisoning is refused with 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/userlogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}, "email": "a@b.c", "password": "password-1"}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('a body over the limit is 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/userlogin',
      payload: { email: 'a@b.c', password: 'x'.repeat(5000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: TEXTS.en.errors.payload_too_large,
    });
  });

  it('an unsupported content type is a 400, an empty JSON body is validated (422)', async () => {
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/userlogin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a',
    });
    expect(form.statusCode).toBe(400);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/userlogin',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(422);
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
