import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  bearer,
  profileStatus,
  useTestApp,
  registerUser,
  settleMail,
  uniqueEmail,
  waitForMail,
} from '../../../test/helpers.ts';
import { TEXTS, textOf } from '../../../test/texts.ts';
import { sha256Hex } from '../../lib/crypto.ts';

const ctx = useTestApp();

const NEW_PASSWORD = 'brand-new-pass-1';

const post = (
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => ctx.app.inject({ method: 'POST', url, payload, headers });

/** Asks for a reset link and returns the token from the captured mail. */
const requestReset = async (email: string) => {
  const before = ctx.mails.length;
  const response = await post('/api/forgot-password', { email });
  expect(response.statusCode).toBe(200);
  const mail = await waitForMail(
    ctx,
    (m) => m.to === email && m.purpose === 'reset-password',
    before,
  );
  const url = new URL(mail.link);
  expect(url.origin + url.pathname).toBe('http://cabinet.test/update-password');
  expect(url.searchParams.get('email')).toBe(email);
  return url.searchParams.get('token') ?? '';
};

const reset = (email: string, token: string, password = NEW_PASSWORD, language = 'en') =>
  post(
    '/api/reset-password',
    { email, token, password, password_confirmation: password },
    { 'accept-language': language },
  );

const login = (email: string, password: string) => post('/api/userlogin', { email, password });

describe('forgot-password', () => {
  it('answers the same for a known and an unknown e-mail (no enumeration), mails only the known one', async () => {
    const { email } = await registerUser(ctx.app);
    for (const language of ['en', 'ru'] as const) {
      await settleMail(ctx); // the registration mail is in, so only the reset mails count
      const before = ctx.mails.length;
      const known = await post('/api/forgot-password', { email }, { 'accept-language': language });
      const ghost = uniqueEmail('ghost');
      const unknown = await post(
        '/api/forgot-password',
        { email: ghost },
        { 'accept-language': language },
      );
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(known.json()).toEqual({
        success: true,
        message: textOf(language, 'messages', 'reset_link_sent'),
      });
      await settleMail(ctx);
      const sent = ctx.mails.slice(before);
      expect(sent.filter((m) => m.to === email)).toHaveLength(1);
      expect(sent.filter((m) => m.to === ghost)).toHaveLength(0);
    }
  });
});

describe('reset-password', () => {
  it('sets the password, revokes every session, works once, notifies', async () => {
    const { email, token: session } = await registerUser(ctx.app);
    const resetToken = await requestReset(email);
    const stored = await ctx.database.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('token_hash', '=', sha256Hex(resetToken))
      .executeTakeFirstOrThrow();
    expect((stored.expires_at.getTime() - stored.created_at.getTime()) / 60_000).toBeCloseTo(60, 0);

    const response = await reset(email, resetToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: textOf('en', 'messages', 'password_reset'),
    });

    expect(await profileStatus(ctx, session)).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(422);
    const fresh = await login(email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);

    // Single use.
    const again = await reset(email, resetToken, 'another-pass-1', 'ru');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      success: false,
      code: 'INVALID_RESET_TOKEN',
      message: TEXTS.ru.errors.invalid_reset_token,
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/notifications',
      headers: bearer(fresh.json<{ token: string }>().token),
    });
    expect(list.json<{ data: { type: string }[] }>().data[0]?.type).toBe(
      'notifications.password_reset',
    );
  });

  it('the queued job names the user, not the link: the token is minted when the mail is sent', async () => {
    const { email, id } = await registerUser(ctx.app);
    const resetToken = await requestReset(email);
    const { rows } = await sql<{ data: unknown }>`
      select data from ${sql.table(`${ctx.config.JOBS_SCHEMA}.job`)}
      where name = 'mail' and data->>'kind' = 'reset-password' and (data->>'userId')::int = ${id}`.execute(
      ctx.database.db,
    );
    expect(rows.map((row) => row.data)).toEqual([{ kind: 'reset-password', userId: id, email }]);
    expect(JSON.stringify(rows)).not.toContain(resetToken);
  });

  it('refuses an expired token', async () => {
    const { email } = await registerUser(ctx.app);
    const resetToken = await requestReset(email);
    await ctx.database.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', sha256Hex(resetToken))
      .execute();
    const response = await reset(email, resetToken);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ code: string }>().code).toBe('INVALID_RESET_TOKEN');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a token with another user's e-mail, an unknown e-mail and a made-up token", async () => {
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    const aliceToken = await requestReset(alice.email);
    for (const [email, token] of [
      [bob.email, aliceToken],
      [uniqueEmail('ghost'), aliceToken],
      [alice.email, 'made-up-token'],
    ] as const) {
      const response = await reset(email, token);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ code: string }>().code).toBe('INVALID_RESET_TOKEN');
    }
    expect((await reset(alice.email, aliceToken)).statusCode).toBe(200);
  });

  it('a successful reset voids the other outstanding links', async () => {
    const { email } = await registerUser(ctx.app);
    const first = await requestReset(email);
    const second = await requestReset(email);
    expect((await reset(email, second)).statusCode).toBe(200);
    expect((await reset(email, first, 'yet-another-1')).statusCode).toBe(422);
  });

  it('validates with the shared schema', async () => {
    const response = await post('/api/reset-password', {
      email: 'x@y.z',
      token: '',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.token).toEqual([TEXTS.en.validation.required_field]);
    expect(errors.password).toEqual([TEXTS.en.validation.password_length]);
  });
});

describe('update-password', () => {
  it('needs the current password, keeps this session and revokes the others', async () => {
    const { email, token } = await registerUser(ctx.app);
    const other = (await login(email, PASSWORD)).json<{ token: string }>().token;

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/update-password',
      headers: { ...bearer(token), 'accept-language': 'ru' },
      payload: {
        current_password: 'not-it-at-all',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'WRONG_CURRENT_PASSWORD',
      message: TEXTS.ru.errors.wrong_current_password,
      errors: { current_password: [TEXTS.ru.errors.wrong_current_password] },
    });

    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/update-password',
      headers: bearer(token),
      payload: {
        current_password: PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      success: true,
      message: textOf('en', 'messages', 'password_updated'),
    });
    expect(await profileStatus(ctx, token)).toBe(200);
    expect(await profileStatus(ctx, other)).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/notifications',
      headers: bearer(token),
    });
    expect(list.json<{ data: { type: string }[] }>().data[0]?.type).toBe(
      'notifications.password_changed',
    );
  });

  it('requires authentication', async () => {
    const response = await post('/api/update-password', {
      current_password: 'x',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
  });
});
