import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../test/api-client.ts';
import { PASSWORD, registerUser, uniqueEmail, useTestApp } from '../../../test/helpers.ts';
import { settleMail, waitForMail } from '../../../test/mail.ts';
import { TEXTS, errorBody, messageBody } from '../../../test/texts.ts';
import { sha256Hex } from '../../lib/crypto.ts';

const ctx = useTestApp();

const NEW_PASSWORD = 'brand-new-pass-1';

const forgotPassword = (email: string, language?: Language) =>
  ctx.api.request('POST', '/api/forgot-password', { language, payload: { email } });

/** Asks for a reset link and returns the token from the captured mail. */
const requestReset = async (email: string) => {
  const before = ctx.mails.length;
  const response = await forgotPassword(email);
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

const reset = (email: string, token: string, password = NEW_PASSWORD, language: Language = 'en') =>
  ctx.api.request('POST', '/api/reset-password', {
    language,
    payload: { email, token, password, password_confirmation: password },
  });

const updatePassword = (token: string | undefined, currentPassword: string, language?: Language) =>
  ctx.api.request('POST', '/api/update-password', {
    token,
    language,
    payload: {
      current_password: currentPassword,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    },
  });

describe('forgot-password', () => {
  it('answers the same for a known and an unknown e-mail (no enumeration), mails only the known one', async () => {
    const { email } = await registerUser(ctx.app);
    for (const language of ['en', 'ru'] as const) {
      await settleMail(ctx); // the registration mail is in, so only the reset mails count
      const before = ctx.mails.length;
      const known = await forgotPassword(email, language);
      const ghost = uniqueEmail('ghost');
      const unknown = await forgotPassword(ghost, language);
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(known.json()).toEqual(messageBody(language, 'reset_link_sent'));
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
    expect(response.json()).toEqual(messageBody('en', 'password_reset'));

    expect(await ctx.api.profileStatus(session)).toBe(401);
    expect((await ctx.api.login(email, PASSWORD)).statusCode).toBe(422);
    const fresh = await ctx.api.login(email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);

    // Single use.
    const again = await reset(email, resetToken, 'another-pass-1', 'ru');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(
      errorBody('INVALID_RESET_TOKEN', TEXTS.ru.errors.invalid_reset_token),
    );

    const types = await ctx.api.notificationTypes(fresh.json<{ token: string }>().token);
    expect(types[0]).toBe('notifications.password_reset');
  });

  it('the queued job names the user, not the link: the token is minted when the mail is sent', async () => {
    const { email, id } = await registerUser(ctx.app);
    const resetToken = await requestReset(email);
    const { rows } = await sql<{ data: unknown }>`
      select data from ${sql.table(`${ctx.config.JOBS_SCHEMA}.job`)}
      where name = 'mail.account' and data->>'kind' = 'reset-password' and (data->>'userId')::int = ${id}`.execute(
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
    expect((await ctx.api.login(email, PASSWORD)).statusCode).toBe(200);
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
    const response = await ctx.api.request('POST', '/api/reset-password', {
      payload: { email: 'x@y.z', token: '', password: 'short', password_confirmation: 'other' },
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
    const other = await ctx.api.anotherSession(email, PASSWORD);

    const wrong = await updatePassword(token, 'not-it-at-all', 'ru');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(
      errorBody('WRONG_CURRENT_PASSWORD', TEXTS.ru.errors.wrong_current_password, {
        current_password: [TEXTS.ru.errors.wrong_current_password],
      }),
    );

    const ok = await updatePassword(token, PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual(messageBody('en', 'password_updated'));
    expect(await ctx.api.profileStatus(token)).toBe(200);
    expect(await ctx.api.profileStatus(other)).toBe(401);
    expect((await ctx.api.login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await ctx.api.notificationTypes(token))[0]).toBe('notifications.password_changed');
  });

  it('requires authentication', async () => {
    const response = await updatePassword(undefined, 'x');
    expect(response.statusCode).toBe(401);
  });
});
