import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  bearer,
  profileStatus,
  registerUser,
  useTestApp,
} from '../../../test/helpers.ts';
import { TEXTS, textOf } from '../../../test/texts.ts';

const ctx = useTestApp();

const update = (token: string, payload: Record<string, unknown>, language = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/profile',
    headers: { ...bearer(token), 'accept-language': language },
    payload,
  });

describe('GET /profile', () => {
  it('returns the user with money in dollars and the later-issue fields', async () => {
    const { token, id } = await registerUser(ctx.app);
    await ctx.database.db
      .updateTable('users')
      .set({ balance_cents: 12_345, referral_balance_cents: 5 })
      .where('id', '=', id)
      .execute();
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      user: { balance: number; referral_balance: number };
      promo_token: null;
      promo_token_used: boolean;
      telegram_connected: boolean;
    }>();
    expect(body.user.balance).toBe(123.45);
    expect(body.user.referral_balance).toBe(0.05);
    expect(body.promo_token).toBeNull();
    expect(body.promo_token_used).toBe(false);
    expect(body.telegram_connected).toBe(false);

    await ctx.database.db
      .updateTable('users')
      .set({ telegram_user: '123456' })
      .where('id', '=', id)
      .execute();
    const connected = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(token),
    });
    expect(connected.json<{ telegram_connected: boolean }>().telegram_connected).toBe(true);
  });

  it('the database refuses a negative balance', async () => {
    const { id } = await registerUser(ctx.app);
    await expect(
      ctx.database.db
        .updateTable('users')
        .set({ balance_cents: -1 })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });
});

describe('POST /profile', () => {
  it('updates name, telegram and locale and answers in the request language', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await update(
      token,
      { name: 'New Name', telegram: '@new_name', locale: 'ru' },
      'ru',
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      success: boolean;
      message: string;
      user: { name: string; telegram: string; locale: string };
    }>();
    expect(body).toMatchObject({
      success: true,
      message: textOf('ru', 'messages', 'profile_updated'),
    });
    expect(body.user).toMatchObject({ name: 'New Name', telegram: '@new_name', locale: 'ru' });

    const cleared = await update(token, { telegram: '' });
    expect(cleared.json<{ user: { telegram: string | null } }>().user.telegram).toBeNull();
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(token),
    });
    expect(again.json<{ user: { name: string; locale: string } }>().user).toMatchObject({
      name: 'New Name',
      locale: 'ru',
    });
  });

  it('a password change keeps this session, revokes the others and needs a matching confirmation', async () => {
    const { token, email } = await registerUser(ctx.app);
    const other = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/userlogin',
        payload: { email, password: PASSWORD },
      })
    ).json<{ token: string }>().token;

    const mismatch = await update(token, {
      password: 'password-new-1',
      password_confirmation: 'password-new-2',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(
      mismatch.json<{ errors: Record<string, string[]> }>().errors.password_confirmation,
    ).toEqual([TEXTS.en.validation.password_confirm]);

    const ok = await update(token, {
      password: 'password-new-1',
      password_confirmation: 'password-new-1',
    });
    expect(ok.statusCode).toBe(200);
    expect(await profileStatus(ctx, token)).toBe(200);
    expect(await profileStatus(ctx, other)).toBe(401);
    const relogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/userlogin',
      payload: { email, password: 'password-new-1' },
    });
    expect(relogin.statusCode).toBe(200);
  });

  it('ignores fields it does not own (email, balance)', async () => {
    const { token, email } = await registerUser(ctx.app);
    const response = await update(token, {
      name: 'Renamed',
      email: 'hijack@example.test',
      balance: 1000,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: { email: string; balance: number } }>().user).toMatchObject({
      email,
      balance: 0,
    });
  });

  it('requires authentication', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { name: 'Someone' },
    });
    expect(response.statusCode).toBe(401);
  });
});
