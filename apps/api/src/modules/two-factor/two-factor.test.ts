import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  markEmailVerified,
  registerUser,
  useTestApp,
  verifiedUser,
} from '../../../test/helpers.ts';
import {
  authenticator,
  enableTwoFactor,
  passwordStep,
  type Authenticator,
} from '../../../test/two-factor.ts';
import { TEXTS } from '../../../test/texts.ts';

const ctx = useTestApp();

type ErrorBody = { code: string; errors?: Record<string, string[]> };

const secondStep = (challenge: string, code: string) =>
  ctx.api.request('POST', '/api/userlogin/two-factor', {
    payload: { challenge_token: challenge, code },
  });

const profileOf = (token: string) => ctx.api.request('GET', '/api/profile', { token });

/** A user with two-factor sign-in on. */
const userWithTwoFactor = async () => {
  const user = await verifiedUser(ctx);
  const { app, recoveryCodes } = await enableTwoFactor(ctx.api, user.token);
  return { ...user, app, recoveryCodes };
};

const expectCodeRefused = (
  response: { statusCode: number; json: <T>() => T },
  field: string,
  code = 'TWO_FACTOR_CODE_INVALID',
) => {
  expect(response.statusCode).toBe(422);
  const body = response.json<ErrorBody>();
  expect(body.code).toBe(code);
  expect(body.errors?.[field]).toHaveLength(1);
};

describe('two-factor set-up', () => {
  it('shows a new secret as text and as a QR code, sealed in the database, off until confirmed', async () => {
    const user = await registerUser(ctx.app);
    const setup = await ctx.api.request('POST', '/api/profile/two-factor/setup', {
      token: user.token,
    });
    expect(setup.statusCode).toBe(200);
    const body = setup.json<{ secret: string; otpauth_url: string; qr_svg: string }>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(body.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(body.secret);
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const row = await ctx.database.db
      .selectFrom('users')
      .select(['totp_secret_encrypted', 'totp_enabled_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_enabled_at).toBeNull();
    expect(row.totp_secret_encrypted).not.toContain(body.secret);
    const status = await ctx.api.request('GET', '/api/profile/two-factor', { token: user.token });
    expect(status.json()).toEqual({ enabled: false, recovery_codes_left: 0 });
    // Not on yet: the password alone still signs in.
    const login = await ctx.api.request('POST', '/api/userlogin', {
      payload: { email: user.email, password: PASSWORD },
    });
    expect(login.json<{ token?: string }>().token).toEqual(expect.any(String));
  });

  it('turns on only with a current code of the set-up secret, then gives ten recovery codes once', async () => {
    const user = await registerUser(ctx.app);
    const enable = (code: string) =>
      ctx.api.request('POST', '/api/profile/two-factor/enable', {
        token: user.token,
        payload: { code },
        language: 'ru',
      });
    // Nothing set up yet.
    expect((await enable('123456')).json<ErrorBody>().code).toBe('TWO_FACTOR_NOT_ENABLED');
    const setup = await ctx.api.request('POST', '/api/profile/two-factor/setup', {
      token: user.token,
    });
    const app = authenticator(setup.json<{ secret: string }>().secret);
    // Two steps away is outside the ±1 window; a malformed code gets the same answer.
    const far = await enable(app.at(2));
    expectCodeRefused(far, 'code');
    expect(far.json<{ message: string }>().message).toBe(TEXTS.ru.errors.two_factor_code_invalid);
    expectCodeRefused(await enable(app.at(-2)), 'code');
    expectCodeRefused(await enable('abcdef'), 'code');
    // An empty code is a field error of the contract.
    const empty = await enable('');
    expect(empty.statusCode).toBe(422);
    expect(empty.json<ErrorBody>().code).toBe('VALIDATION_FAILED');

    const enabled = await enable(app.next());
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    // Stored hashed only.
    const stored = await ctx.database.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const code of codes) expect(code_hash).not.toContain(code.replace(/-/g, ''));
    }
    const status = await ctx.api.request('GET', '/api/profile/two-factor', { token: user.token });
    expect(status.json()).toEqual({ enabled: true, recovery_codes_left: 10 });
    expect(
      (await profileOf(user.token)).json<{ user: { two_factor_enabled: boolean } }>().user,
    ).toMatchObject({ two_factor_enabled: true });
    // On now: no second set-up, no second enable.
    const again = await ctx.api.request('POST', '/api/profile/two-factor/setup', {
      token: user.token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });
});

describe('two-factor sign-in', () => {
  it('asks for a code after the password: a challenge, then a fresh code opens the session', async () => {
    const user = await userWithTwoFactor();
    const first = await ctx.api.request('POST', '/api/userlogin', {
      payload: { email: user.email, password: PASSWORD },
    });
    expect(first.statusCode).toBe(200);
    const challenge = first.json<{ two_factor_required: boolean; challenge_token: string }>();
    expect(challenge.two_factor_required).toBe(true);
    expect(challenge.challenge_token).toMatch(/^\d+\.\d+\.[\w-]{43}$/);
    expect(first.json<{ token?: unknown }>().token).toBeUndefined();
    // A wrong password is still just wrong.
    const wrong = await ctx.api.request('POST', '/api/userlogin', {
      payload: { email: user.email, password: 'wrong-password' },
    });
    expect(wrong.json<ErrorBody>().code).toBe('INVALID_CREDENTIALS');

    // The step used to turn it on cannot be used again; neither can a far one.
    expectCodeRefused(await secondStep(challenge.challenge_token, user.app.last()), 'code');
    expectCodeRefused(await secondStep(challenge.challenge_token, user.app.at(3)), 'code');
    const code = user.app.next();
    const signedIn = await secondStep(challenge.challenge_token, code);
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json<{ token: string; user: { id: number } }>();
    expect(body.user.id).toBe(user.id);
    expect((await profileOf(body.token)).statusCode).toBe(200);
    // The same code again (a replay, even with the same challenge) is refused.
    expectCodeRefused(await secondStep(challenge.challenge_token, code), 'code');
  });

  it('refuses a forged, altered or expired challenge', async () => {
    const user = await userWithTwoFactor();
    const challenge = await passwordStep(ctx.api, user.email);
    const [id, expiry, mac] = challenge.split('.');
    const other = await userWithTwoFactor();
    const cases = [
      'not-a-challenge',
      `${other.id}.${expiry}.${mac}`,
      `${id}.${Number(expiry) + 60}.${mac}`,
      `${id}.${Math.floor(Date.now() / 1000) - 1}.${mac}`,
    ];
    for (const forged of cases)
      expectCodeRefused(
        await secondStep(forged, user.app.at(0)),
        'challenge_token',
        'TWO_FACTOR_CHALLENGE_INVALID',
      );
  });

  it('signs in with a recovery code once; regenerating replaces the set', async () => {
    const user = await userWithTwoFactor();
    const [recovery, second] = user.recoveryCodes;
    const challenge = await passwordStep(ctx.api, user.email);
    // Typed in capitals and without dashes, it is the same code.
    const used = await secondStep(challenge, (recovery ?? '').toUpperCase().replace(/-/g, ''));
    expect(used.statusCode).toBe(200);
    expectCodeRefused(await secondStep(challenge, recovery ?? ''), 'code');
    const token = used.json<{ token: string }>().token;
    const status = await ctx.api.request('GET', '/api/profile/two-factor', { token });
    expect(status.json()).toEqual({ enabled: true, recovery_codes_left: 9 });

    const regenerate = (code: string) =>
      ctx.api.request('POST', '/api/profile/two-factor/recovery-codes', {
        token,
        payload: { code },
      });
    expectCodeRefused(await regenerate('000000'), 'code');
    const fresh = await regenerate(user.app.next());
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    // The old set is gone, the new one works.
    expectCodeRefused(await secondStep(challenge, second ?? ''), 'code');
    expect((await secondStep(challenge, codes[0] ?? '')).statusCode).toBe(200);
  });

  it('turning it off needs the password and a code; then the password alone signs in again', async () => {
    const user = await userWithTwoFactor();
    const disable = (payload: Record<string, unknown>) =>
      ctx.api.request('POST', '/api/profile/two-factor/disable', { token: user.token, payload });
    const noCode = await disable({ password: PASSWORD });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json<ErrorBody>().errors?.code).toHaveLength(1);
    const wrongPassword = await disable({ password: 'wrong-password', code: user.app.at(0) });
    expect(wrongPassword.json<ErrorBody>().code).toBe('WRONG_CURRENT_PASSWORD');
    expectCodeRefused(await disable({ password: PASSWORD, code: '111111' }), 'code');
    expect((await disable({ password: PASSWORD, code: user.app.next() })).statusCode).toBe(200);
    const status = await ctx.api.request('GET', '/api/profile/two-factor', { token: user.token });
    expect(status.json()).toEqual({ enabled: false, recovery_codes_left: 0 });
    const login = await ctx.api.request('POST', '/api/userlogin', {
      payload: { email: user.email, password: PASSWORD },
    });
    expect(login.json<{ token?: string }>().token).toEqual(expect.any(String));
    const rows = await ctx.database.db
      .selectFrom('two_factor_recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('actions that ask for a code once two-factor sign-in is on', () => {
  /** Missing: required on two_factor_code; wrong: refused there; a fresh code: done. */
  const expectAsksForCode = async (
    app: Authenticator,
    send: (code: string | undefined) => Promise<{ statusCode: number; json: <T>() => T }>,
  ) => {
    const missing = await send(undefined);
    expect(missing.statusCode).toBe(422);
    expect(missing.json<ErrorBody>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { two_factor_code: [expect.any(String)] },
    });
    expectCodeRefused(await send('999999'), 'two_factor_code');
    const done = await send(app.next());
    expect(done.statusCode).toBe(200);
  };

  it('password change (update-password and profile)', async () => {
    const user = await userWithTwoFactor();
    await expectAsksForCode(user.app, (code) =>
      ctx.api.request('POST', '/api/update-password', {
        token: user.token,
        payload: {
          current_password: PASSWORD,
          password: 'password-456',
          password_confirmation: 'password-456',
          ...(code === undefined ? {} : { two_factor_code: code }),
        },
      }),
    );
    const other = await userWithTwoFactor();
    await expectAsksForCode(other.app, (code) =>
      ctx.api.request('POST', '/api/profile', {
        token: other.token,
        payload: {
          current_password: PASSWORD,
          password: 'password-789',
          password_confirmation: 'password-789',
          ...(code === undefined ? {} : { two_factor_code: code }),
        },
      }),
    );
    // A profile edit without a password asks for nothing.
    const rename = await ctx.api.request('POST', '/api/profile', {
      token: other.token,
      payload: { name: 'Renamed' },
    });
    expect(rename.statusCode).toBe(200);
  });

  it('API-key regeneration; without two-factor it needs no body at all', async () => {
    const user = await userWithTwoFactor();
    const before = (await profileOf(user.token)).json<{ user: { api_key: string } }>().user.api_key;
    await expectAsksForCode(user.app, (code) =>
      ctx.api.request('POST', '/api/profile/api-key/regenerate', {
        token: user.token,
        payload: code === undefined ? {} : { two_factor_code: code },
      }),
    );
    const after = (await profileOf(user.token)).json<{ user: { api_key: string } }>().user.api_key;
    expect(after).not.toBe(before);
    const plain = await registerUser(ctx.app);
    const regenerated = await ctx.api.request('POST', '/api/profile/api-key/regenerate', {
      token: plain.token,
    });
    expect(regenerated.statusCode).toBe(200);
  });

  it('withdrawal of the referral balance, with a recovery code as well', async () => {
    const user = await userWithTwoFactor();
    await markEmailVerified(ctx.database.db, user.id);
    await ctx.database.db
      .updateTable('users')
      .set({ referral_balance_cents: 50_000 })
      .where('id', '=', user.id)
      .execute();
    const withdraw = (code: string | undefined) =>
      ctx.api.request('POST', '/api/profile/withdrawals', {
        token: user.token,
        payload: {
          amount: 100,
          address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
          ...(code === undefined ? {} : { two_factor_code: code }),
        },
      });
    await expectAsksForCode(user.app, withdraw);
    expect((await withdraw(user.recoveryCodes[0])).statusCode).toBe(200);
    const orders = await ctx.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(orders).toHaveLength(2);
  });
});
