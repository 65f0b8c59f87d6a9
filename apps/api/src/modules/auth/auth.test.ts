import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  bearer,
  profileStatus,
  useTestApp,
  registerUser,
  uniqueEmail,
  waitForMail,
} from '../../../test/helpers.ts';
import { TEXTS, textOf } from '../../../test/texts.ts';
import { sha256Hex } from '../../lib/crypto.ts';

const ctx = useTestApp();

const login = (email: string, password: string, language = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/userlogin',
    headers: { 'accept-language': language },
    payload: { email, password },
  });

describe('POST /register', () => {
  it('creates the user, returns 201 with token and UserDto, stores only the token hash', async () => {
    const email = uniqueEmail('reg');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'accept-language': 'ru' },
      payload: {
        name: '  Alice ',
        email: email.toUpperCase(),
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms_checkbox: true,
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{
      success: boolean;
      token: string;
      user: Record<string, unknown>;
    }>();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({
      name: 'Alice',
      email,
      balance: 0,
      referral_balance: 0,
      referral_reward: 10,
      locale: 'ru',
      email_verified_at: null,
      invited: null,
      is_restricted: false,
      is_show_notification: true,
      telegram_user: null,
    });
    expect(body.user.api_key).toMatch(/^[0-9a-f]{32}$/);
    expect(body.user.ref_link).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(body.user).not.toHaveProperty('password_hash');

    const row = await ctx.database.db
      .selectFrom('access_tokens')
      .selectAll()
      .where('user_id', '=', body.user.id as number)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256Hex(body.token));
    const days = (row.expires_at.getTime() - row.created_at.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 1);
    const user = await ctx.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', body.user.id as number)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // A verification mail goes to the user in their language.
    const mail = await waitForMail(ctx, (m) => m.to === email);
    expect(mail).toMatchObject({ purpose: 'verify-email', language: 'ru' });
    expect(mail.link).toMatch(/^http:\/\/cabinet\.test\/api\/email\/verify\/confirm\?token=/);
  });

  it('refuses a duplicate e-mail (case-insensitive) with 422 errors.email', async () => {
    const { email } = await registerUser(ctx.app);
    for (const language of ['en', 'ru'] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'accept-language': language },
        payload: {
          name: 'Bob',
          email: email.toUpperCase(),
          password: PASSWORD,
          password_confirmation: PASSWORD,
          terms_checkbox: true,
        },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        success: false,
        code: 'VALIDATION_FAILED',
        message: TEXTS[language].errors.validation,
        errors: { email: [textOf(language, 'errors', 'email_taken')] },
      });
    }
  });

  it('sets invited from a known ref code and ignores an unknown one', async () => {
    const inviter = await registerUser(ctx.app);
    const refLink = (inviter.body.user as { ref_link: string }).ref_link;
    const invited = await registerUser(ctx.app, { ref: refLink });
    expect((invited.body.user as { invited: number }).invited).toBe(inviter.id);
    const stranger = await registerUser(ctx.app, { ref: 'no-such-code' });
    expect((stranger.body.user as { invited: number | null }).invited).toBeNull();
  });

  it('writes a welcome notification', async () => {
    const { token, email } = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/notifications',
      headers: bearer(token),
    });
    expect(response.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({
        type: 'notifications.welcome',
        data: [{ label: 'email', value: email }],
        read_at: null,
      }),
    ]);
  });
});

describe('POST /userlogin', () => {
  it('logs in with the right password, any e-mail case', async () => {
    const { email } = await registerUser(ctx.app);
    const response = await login(email.toUpperCase(), PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; token: string; user: { email: string } }>();
    expect(body.success).toBe(true);
    expect(body.user.email).toBe(email);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(body.token),
    });
    expect(profile.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same 422 answer', async () => {
    const { email } = await registerUser(ctx.app);
    for (const language of ['en', 'ru'] as const) {
      const wrong = await login(email, 'wrong-password', language);
      const unknown = await login(uniqueEmail('ghost'), 'wrong-password', language);
      const expected = {
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: TEXTS[language].errors.invalid_credentials,
      };
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual(expected);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toEqual(expected);
    }
  });
});

describe('tokens', () => {
  it('401 without a token, with garbage and with an unknown token', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      bearer('x'.repeat(43)),
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: 'UNAUTHENTICATED',
        message: TEXTS.en.errors.unauthenticated,
      });
    }
  });

  it('an expired token is refused', async () => {
    const { token } = await registerUser(ctx.app);
    await ctx.database.db
      .updateTable('access_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { ...bearer(token), 'accept-language': 'ru' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe(TEXTS.ru.errors.unauthenticated);
  });

  it('logout revokes only the current token', async () => {
    const { token, email } = await registerUser(ctx.app);
    const other = (await login(email, PASSWORD)).json<{ token: string }>().token;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: textOf('en', 'messages', 'logged_out'),
    });
    expect(await profileStatus(ctx, token)).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) }))
        .statusCode,
    ).toBe(401);
    expect(await profileStatus(ctx, other)).toBe(200);
    const row = await ctx.database.db
      .selectFrom('access_tokens')
      .select('revoked_at')
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeInstanceOf(Date);
  });

  it("another user's token reads that user's profile, never this one", async () => {
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(bob.token),
    });
    const user = response.json<{ user: { id: number; email: string } }>().user;
    expect(user.id).toBe(bob.id);
    expect(user.email).toBe(bob.email);
    expect(user.id).not.toBe(alice.id);
  });
});
