import { describe, expect, it } from 'vitest';
import type { Language } from '../../../test/api-client.ts';
import { PASSWORD, registerUser, useTestApp, waitFor } from '../../../test/helpers.ts';
import { creditBalance } from '../../../test/shop.ts';
import { TEXTS, errorBody, messageBody } from '../../../test/texts.ts';

const ctx = useTestApp();

const update = (token: string, payload: Record<string, unknown>, language: Language = 'en') =>
  ctx.api.request('POST', '/api/profile', { token, language, payload });

/** A password change to `password` (confirmed), with `fields` such as current_password. */
const newPassword = (password: string, fields: Record<string, unknown> = {}) => ({
  password,
  password_confirmation: password,
  ...fields,
});

describe('GET /profile', () => {
  it('returns the user with money in dollars, the promo token and whether Telegram is connected', async () => {
    const { token, id } = await registerUser(ctx.app);
    // Through the ledger: other test files check the whole ledger against the balances.
    await creditBalance(ctx.database.db, id, 12_345);
    await creditBalance(ctx.database.db, id, 5, 'referral');
    const response = await ctx.api.profile(token);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      user: { balance: number; referral_balance: number };
      promo_token: string;
      promo_token_used: boolean;
      telegram_connected: boolean;
    }>();
    expect(body.user.balance).toBe(123.45);
    expect(body.user.referral_balance).toBe(0.05);
    // The deep link's token: 32 hex digits of the user's own.
    expect(body.promo_token).toMatch(/^[0-9a-f]{32}$/);
    expect(body.promo_token_used).toBe(false);
    expect(body.telegram_connected).toBe(false);

    await ctx.database.db
      .updateTable('users')
      .set({ telegram_user: '@tester', telegram_chat_id: 900_000_000 + id })
      .where('id', '=', id)
      .execute();
    const connected = await ctx.api.profile(token);
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
    expect(body).toMatchObject(messageBody('ru', 'profile_updated'));
    expect(body.user).toMatchObject({ name: 'New Name', telegram: '@new_name', locale: 'ru' });

    const cleared = await update(token, { telegram: '' });
    expect(cleared.json<{ user: { telegram: string | null } }>().user.telegram).toBeNull();
    const again = await ctx.api.profile(token);
    expect(again.json<{ user: { name: string; locale: string } }>().user).toMatchObject({
      name: 'New Name',
      locale: 'ru',
    });
  });

  it('a password change keeps this session, revokes the others, mails "password changed" and needs a matching confirmation', async () => {
    const { token, email } = await registerUser(ctx.app);
    const other = await ctx.api.anotherSession(email, PASSWORD);

    const mismatch = await update(token, {
      current_password: PASSWORD,
      password: 'password-new-1',
      password_confirmation: 'password-new-2',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(
      mismatch.json<{ errors: Record<string, string[]> }>().errors.password_confirmation,
    ).toEqual([TEXTS.en.validation.password_confirm]);

    const ok = await ctx.api.changePassword(token, PASSWORD, 'password-new-1');
    expect(ok.statusCode).toBe(200);
    expect(await ctx.api.profileStatus(token)).toBe(200);
    expect(await ctx.api.profileStatus(other)).toBe(401);
    expect((await ctx.api.login(email, 'password-new-1')).statusCode).toBe(200);
    // The "password changed" mail goes out through the mail queue.
    const mail = await waitFor(() =>
      ctx.notificationMails.find(
        (m) =>
          m.to === email &&
          m.purpose === 'notification' &&
          m.type === 'notifications.password_changed',
      ),
    );
    expect(mail.to).toBe(email);
  });

  it('a password change needs the right current password: missing or wrong is a 422 on current_password and changes nothing', async () => {
    const { token, email } = await registerUser(ctx.app);
    const other = await ctx.api.anotherSession(email, PASSWORD);

    const missing = await update(
      token,
      newPassword('password-new-1', { name: 'Changed Name' }),
      'ru',
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      current_password: [TEXTS.ru.validation.required_field],
    });

    const wrong = await ctx.api.changePassword(token, 'not-my-password', 'password-new-1');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(
      errorBody('WRONG_CURRENT_PASSWORD', TEXTS.en.errors.wrong_current_password, {
        current_password: [TEXTS.en.errors.wrong_current_password],
      }),
    );

    // Nothing changed: the old password works, the other session lives, the name is the same.
    expect(await ctx.api.profileStatus(other)).toBe(200);
    expect((await ctx.api.login(email, PASSWORD)).statusCode).toBe(200);
    const profile = await ctx.api.profile(token);
    expect(profile.json<{ user: { name: string } }>().user.name).toBe('Tester');
  });

  it('an account without a password (Google sign-in) sets its first one without current_password', async () => {
    const { token, email, id } = await registerUser(ctx.app);
    await ctx.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', id)
      .execute();
    const ok = await update(token, newPassword('password-first-1'));
    expect(ok.statusCode).toBe(200);
    expect((await ctx.api.login(email, 'password-first-1')).statusCode).toBe(200);
    // From now on the account has a password: changing it needs the current one.
    const again = await update(token, newPassword('password-new-2'));
    expect(again.statusCode).toBe(422);
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

  it('sets, trims and clears the billing name and address of receipts, within their length limits', async () => {
    const { token } = await registerUser(ctx.app);
    const set = await update(token, {
      billing_name: '  ООО «Ромашка»  ',
      billing_address: 'ул. Ленина, 1\nМосква',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ user: object }>().user).toMatchObject({
      billing_name: 'ООО «Ромашка»',
      billing_address: 'ул. Ленина, 1\nМосква',
    });
    expect((await ctx.api.profile(token)).json<{ user: object }>().user).toMatchObject({
      billing_name: 'ООО «Ромашка»',
      billing_address: 'ул. Ленина, 1\nМосква',
    });

    const tooLong = await update(token, {
      billing_name: 'n'.repeat(201),
      billing_address: 'a'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      billing_name: [TEXTS.en.validation.too_long],
      billing_address: [TEXTS.en.validation.too_long],
    });
    // A line break belongs in an address, not in a name.
    const controls = await update(token, { billing_name: 'Two\nlines' }, 'ru');
    expect(controls.statusCode).toBe(422);
    expect(controls.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      billing_name: [TEXTS.ru.validation.control_characters],
    });
    const exact = await update(token, { billing_name: 'n'.repeat(200) });
    expect(exact.statusCode).toBe(200);

    const cleared = await update(token, { billing_name: '', billing_address: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<{ user: object }>().user).toMatchObject({
      billing_name: null,
      billing_address: null,
    });
  });

  it('requires authentication', async () => {
    const response = await ctx.api.request('POST', '/api/profile', {
      payload: { name: 'Someone' },
    });
    expect(response.statusCode).toBe(401);
  });
});
