import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestContext } from '../../test/helpers.ts';
import { TEXTS } from '../../test/texts.ts';

let ctx: TestContext | null = null;
afterEach(async () => {
  await ctx?.close();
  ctx = null;
});

const AUTH_ROUTES = [
  { url: '/api/userlogin', payload: (email: string) => ({ email, password: 'wrong-password' }) },
  { url: '/api/register', payload: (email: string) => ({ email, name: 'x' }) },
  { url: '/api/forgot-password', payload: (email: string) => ({ email }) },
  {
    url: '/api/reset-password',
    payload: (email: string) => ({
      email,
      token: 't',
      password: 'password-1',
      password_confirmation: 'password-1',
    }),
  },
  { url: '/api/email/verify', payload: (email: string) => ({ email }) },
];

describe('rate limits', () => {
  it('per IP: the (max+1)th request from one address is 429 with the translated text, other IPs pass', async () => {
    ctx = await createTestApp({
      RATE_LIMIT_AUTH_MAX: '3',
      RATE_LIMIT_ACCOUNT_MAX: '100',
      RATE_LIMIT_WINDOW_MS: '60000',
    });
    const app = ctx.app;
    for (const route of AUTH_ROUTES) {
      for (let i = 0; i < 3; i += 1) {
        const response = await app.inject({
          method: 'POST',
          url: route.url,
          payload: route.payload(uniqueEmail()),
          remoteAddress: '10.0.0.1',
        });
        expect(response.statusCode).not.toBe(429);
      }
      const limited = await app.inject({
        method: 'POST',
        url: route.url,
        payload: route.payload(uniqueEmail()),
        remoteAddress: '10.0.0.1',
        headers: { 'accept-language': 'ru' },
      });
      expect(limited.statusCode).toBe(429);
      const body = limited.json<{ success: boolean; code: string; message: string }>();
      expect(body.code).toBe('RATE_LIMITED');
      expect(body.success).toBe(false);
      const seconds = Number(limited.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(body.message).toBe(
        TEXTS.ru.errors.rate_limited.replace('{{seconds}}', String(seconds)),
      );

      const otherIp = await app.inject({
        method: 'POST',
        url: route.url,
        payload: route.payload(uniqueEmail()),
        remoteAddress: '10.0.0.2',
      });
      expect(otherIp.statusCode).not.toBe(429);
    }
  });

  it('per account: one e-mail is limited across IPs (case-insensitive), another e-mail is not', async () => {
    ctx = await createTestApp({ RATE_LIMIT_AUTH_MAX: '100', RATE_LIMIT_ACCOUNT_MAX: '2' });
    const app = ctx.app;
    const email = uniqueEmail('target');
    const attempt = (address: string, value: string) =>
      app.inject({
        method: 'POST',
        url: '/api/userlogin',
        payload: { email: value, password: 'wrong-password' },
        remoteAddress: address,
      });
    expect((await attempt('10.0.1.1', email)).statusCode).toBe(422);
    expect((await attempt('10.0.1.2', email.toUpperCase())).statusCode).toBe(422);
    const limited = await attempt('10.0.1.3', ` ${email} `);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: TEXTS.en.errors.rate_limited.replace(
        '{{seconds}}',
        String(limited.headers['retry-after']),
      ),
    });
    expect((await attempt('10.0.1.3', uniqueEmail('other'))).statusCode).toBe(422);
    // The account limit is per endpoint: forgot-password for the same address still works.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/forgot-password',
          payload: { email },
          remoteAddress: '10.0.1.4',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('per account on every auth route: the same e-mail from fresh IPs is 429 on the (max+1)th request', async () => {
    ctx = await createTestApp({ RATE_LIMIT_AUTH_MAX: '100', RATE_LIMIT_ACCOUNT_MAX: '2' });
    const app = ctx.app;
    let ip = 0;
    const send = (url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url, payload, remoteAddress: `10.0.3.${(ip += 1)}` });
    for (const route of AUTH_ROUTES) {
      const email = uniqueEmail('account');
      for (let i = 0; i < 2; i += 1)
        expect((await send(route.url, route.payload(email))).statusCode, route.url).not.toBe(429);
      const limited = await send(route.url, route.payload(email.toUpperCase()));
      expect(limited.statusCode, route.url).toBe(429);
      expect(limited.json<{ code: string }>().code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another address on the same route is not affected.
      expect((await send(route.url, route.payload(uniqueEmail('free')))).statusCode).not.toBe(429);
    }
  });

  it('the window resets', async () => {
    ctx = await createTestApp({ RATE_LIMIT_AUTH_MAX: '1', RATE_LIMIT_WINDOW_MS: '1000' });
    const send = () =>
      ctx!.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: uniqueEmail() },
        remoteAddress: '10.0.2.1',
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await send()).statusCode).toBe(200);
  });
});
