import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp, registerUser } from '../../test/helpers.ts';
import { TEXTS } from '../../test/texts.ts';
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
    const denied = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/money',
      headers: { ...bearer(token), 'accept-language': 'ru' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      success: false,
      code: 'EMAIL_NOT_VERIFIED',
      message: TEXTS.ru.errors.email_not_verified,
    });
    await ctx.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', id)
      .execute();
    const allowed = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/money',
      headers: bearer(token),
    });
    expect(allowed.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/test/money' })).statusCode).toBe(401);
  });
});
