import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  registerUser,
  registration,
  uniqueEmail,
  useTestApp,
} from '../../../test/helpers.ts';
import type { Language } from '../../../test/api-client.ts';
import { settleMail, waitForMail } from '../../../test/mail.ts';
import { TEXTS, errorBody, messageBody, textOf } from '../../../test/texts.ts';
import { sha256Hex } from '../../lib/crypto.ts';

const ctx = useTestApp();

/** POST /api/register of `registration(fields)`, asked in `language`. */
const register = (language: Language, fields: Record<string, unknown>) =>
  ctx.api.request('POST', '/api/register', { language, payload: registration(fields) });

describe('POST /register', () => {
  it('creates the user, returns 201 with token and UserDto, stores only the token hash', async () => {
    const email = uniqueEmail('reg');
    const response = await register('ru', { name: '  Alice ', email: email.toUpperCase() });
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
      const response = await register(language, { name: 'Bob', email: email.toUpperCase() });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(
        errorBody('VALIDATION_FAILED', TEXTS[language].errors.validation, {
          email: [textOf(language, 'errors', 'email_taken')],
        }),
      );
    }
  });

  it('sets invited from a known ref code and ignores an unknown one', async () => {
    const inviter = await registerUser(ctx.app);
    const invited = await registerUser(ctx.app, { ref: inviter.refLink });
    expect((invited.body.user as { invited: number }).invited).toBe(inviter.id);
    const stranger = await registerUser(ctx.app, { ref: 'no-such-code' });
    expect((stranger.body.user as { invited: number | null }).invited).toBeNull();
  });

  it('sign-up mails exactly one verification mail and no welcome mail, even when the SPA asks for one right after', async () => {
    const { email } = await registerUser(ctx.app);
    // The SPA's post-registration step (spec 000 section 4), twice for good measure.
    for (let i = 0; i < 2; i += 1) {
      const resend = await ctx.api.request('POST', '/api/email/verify', { payload: { email } });
      expect(resend.statusCode).toBe(200);
    }
    await settleMail(ctx);
    expect(ctx.mails.filter((m) => m.to === email).map((m) => m.purpose)).toEqual(['verify-email']);
    expect(ctx.notificationMails.filter((m) => m.to === email)).toEqual([]);
  });

  it('writes a welcome notification', async () => {
    const { token, email } = await registerUser(ctx.app);
    const response = await ctx.api.request('GET', '/api/profile/notifications', { token });
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
    const response = await ctx.api.login(email.toUpperCase(), PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; token: string; user: { email: string } }>();
    expect(body.success).toBe(true);
    expect(body.user.email).toBe(email);
    expect(await ctx.api.profileStatus(body.token)).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same 422 answer', async () => {
    const { email } = await registerUser(ctx.app);
    for (const language of ['en', 'ru'] as const) {
      const wrong = await ctx.api.login(email, 'wrong-password', language);
      const unknown = await ctx.api.login(uniqueEmail('ghost'), 'wrong-password', language);
      const expected = errorBody('INVALID_CREDENTIALS', TEXTS[language].errors.invalid_credentials);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual(expected);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toEqual(expected);
    }
  });
});

describe('tokens', () => {
  it.each([
    ['no token', {}],
    ['an empty bearer', { authorization: 'Bearer' }],
    ['another scheme', { authorization: 'Basic abc' }],
    ['an unknown token', { authorization: `Bearer ${'x'.repeat(43)}` }],
  ])('401 with %s', async (_, headers) => {
    const response = await ctx.api.request('GET', '/api/profile', { headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody('UNAUTHENTICATED', TEXTS.en.errors.unauthenticated));
  });

  it('an expired token is refused', async () => {
    const { token } = await registerUser(ctx.app);
    await ctx.database.db
      .updateTable('access_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    const response = await ctx.api.profile(token, 'ru');
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe(TEXTS.ru.errors.unauthenticated);
  });

  it('logout revokes only the current token', async () => {
    const { token, email } = await registerUser(ctx.app);
    const other = await ctx.api.anotherSession(email, PASSWORD);
    const response = await ctx.api.request('POST', '/api/logout', {
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(messageBody('en', 'logged_out'));
    expect(await ctx.api.profileStatus(token)).toBe(401);
    expect((await ctx.api.request('POST', '/api/logout', { token })).statusCode).toBe(401);
    expect(await ctx.api.profileStatus(other)).toBe(200);
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
    const response = await ctx.api.profile(bob.token);
    const user = response.json<{ user: { id: number; email: string } }>().user;
    expect(user.id).toBe(bob.id);
    expect(user.email).toBe(bob.email);
    expect(user.id).not.toBe(alice.id);
  });
});
