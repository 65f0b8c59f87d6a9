import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  nextAddress,
  registerUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { enableTwoFactor, passwordStep } from '../../../test/two-factor.ts';

let ctx: TestContext | null = null;
afterEach(async () => {
  await ctx?.close();
  ctx = null;
});

describe('code checks are rate-limited like login', () => {
  it('per IP: the (max+1)th code from one address is 429', async () => {
    ctx = await createTestApp({ RATE_LIMIT_AUTH_MAX: '6', RATE_LIMIT_ACCOUNT_MAX: '100' });
    const { api } = ctx;
    const user = await registerUser(ctx.app, {}, nextAddress());
    const address = nextAddress();
    const { app } = await enableTwoFactor(api, user.token, nextAddress());
    const challenge = await passwordStep(api, user.email, nextAddress());
    const send = () =>
      api.request('POST', '/api/userlogin/two-factor', {
        payload: { challenge_token: challenge, code: '000000' },
        remoteAddress: address,
      });
    for (let i = 0; i < 6; i += 1) expect((await send()).statusCode).toBe(422);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ code: string }>().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address with the right code gets in.
    const ok = await api.request('POST', '/api/userlogin/two-factor', {
      payload: { challenge_token: challenge, code: app.next() },
      remoteAddress: nextAddress(),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('per account, in order: N concurrent wrong codes from N addresses take (N-1) delays, then the right one gets in', async () => {
    const delayMs = 200;
    ctx = await createTestApp({
      RATE_LIMIT_AUTH_MAX: '100',
      RATE_LIMIT_ACCOUNT_MAX: '1',
      RATE_LIMIT_ACCOUNT_DELAY_MS: String(delayMs),
      RATE_LIMIT_ACCOUNT_DELAY_MAX_MS: String(delayMs),
    });
    const { api } = ctx;
    const user = await registerUser(ctx.app, {}, nextAddress());
    const { app } = await enableTwoFactor(api, user.token, nextAddress());
    const challenge = await passwordStep(api, user.email, nextAddress());
    const attempts = 6;
    const started = performance.now();
    const finished = await Promise.all(
      Array.from({ length: attempts }, async () => {
        const response = await api.request('POST', '/api/userlogin/two-factor', {
          payload: { challenge_token: challenge, code: '000000' },
          remoteAddress: nextAddress(),
        });
        expect(response.statusCode).toBe(422);
        return performance.now() - started;
      }),
    );
    // Enabling took the account's free attempt and one turn: each of these waited its own.
    const order = finished.sort((a, b) => a - b);
    order.forEach((ms, index) => expect(ms).toBeGreaterThanOrEqual(index * delayMs));
    expect(order.at(-1)).toBeGreaterThanOrEqual((attempts - 1) * delayMs);
    const right = await api.request('POST', '/api/userlogin/two-factor', {
      payload: { challenge_token: challenge, code: app.next() },
      remoteAddress: nextAddress(),
    });
    expect(right.statusCode).toBe(200);
  });
});
