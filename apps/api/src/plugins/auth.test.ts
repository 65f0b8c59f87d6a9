import { beforeAll, describe, expect, it } from 'vitest';
import { markEmailVerified, registerUser, useTestApp } from '../../test/helpers.ts';
import { TEXTS, errorBody } from '../../test/texts.ts';
import { authenticate, requireVerified } from './auth.ts';

const ctx = useTestApp({}, (app) => {
  app.get('/api/test/money', { preHandler: [authenticate, requireVerified] }, () => ({
    ok: true,
  }));
  beforeAll(async () => {});
});

describe('requireVerified', () => {
  it('403 EMAIL_NOT_VERIFIED until the e-mail is verified, 401 without a token', async () => {
    const { token, id } = await registerUser(ctx.app);
    const denied = await ctx.api.request('GET', '/api/test/money', { token, language: 'ru' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual(
      errorBody('EMAIL_NOT_VERIFIED', TEXTS.ru.errors.email_not_verified),
    );
    await markEmailVerified(ctx.database.db, id);
    const allowed = await ctx.api.request('GET', '/api/test/money', { token });
    expect(allowed.statusCode).toBe(200);
    expect((await ctx.api.request('GET', '/api/test/money')).statusCode).toBe(401);
  });
});
