import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbRoot } from '@proxy/db';
import type { ApiClient, RequestOptions } from '../../test/api-client.ts';
import {
  PASSWORD,
  createTestApp,
  nextAddress,
  registerUser,
  uniqueEmail,
  waitFor,
  type TestContext,
} from '../../test/helpers.ts';
import { TEXTS } from '../../test/texts.ts';
import { deleteExpiredRateLimits, hitRateLimit } from './rate-limit-store.ts';

let ctx: TestContext | null = null;
afterEach(async () => {
  await ctx?.close();
  ctx = null;
});

/** The database's clock, which the counters' windows run on (clock_timestamp()), in ms. */
const databaseNow = async (db: DbRoot) => {
  const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(db);
  return (rows[0]?.now ?? new Date(Number.NaN)).getTime();
};

/** A counter's window: when it ends, and whether it has ended by the database's clock. */
const windowOf = (db: DbRoot, key: string) =>
  db
    .selectFrom('rate_limits')
    .select(['reset_at', sql<boolean>`reset_at <= clock_timestamp()`.as('ended')])
    .where('key', '=', key)
    .executeTakeFirstOrThrow();

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

/** Per account: two attempts free, then a delay of 300 ms, doubling up to `maxDelayMs`. */
const slowedAfterTwo = (maxDelayMs: number) => ({
  RATE_LIMIT_ACCOUNT_MAX: '2',
  RATE_LIMIT_ACCOUNT_DELAY_MS: '300',
  RATE_LIMIT_ACCOUNT_DELAY_MAX_MS: String(maxDelayMs),
});

/** A POST and how long its answer took (the per-account limit slows down, it does not refuse). */
const timedPost = async (api: ApiClient, url: string, options: RequestOptions) => {
  const started = performance.now();
  const response = await api.request('POST', url, options);
  return { status: response.statusCode, ms: performance.now() - started, response };
};

describe('rate limits', () => {
  it('per IP: the (max+1)th request from one address is 429 with the translated text, other IPs pass', async () => {
    ctx = await createTestApp({
      RATE_LIMIT_AUTH_MAX: '3',
      RATE_LIMIT_ACCOUNT_MAX: '100',
      RATE_LIMIT_WINDOW_MS: '60000',
    });
    const { api } = ctx;
    for (const route of AUTH_ROUTES) {
      const send = (remoteAddress: string, language?: 'ru') =>
        api.request('POST', route.url, {
          payload: route.payload(uniqueEmail()),
          remoteAddress,
          language,
        });
      for (let i = 0; i < 3; i += 1) expect((await send('10.0.0.1')).statusCode).not.toBe(429);
      const limited = await send('10.0.0.1', 'ru');
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

      expect((await send('10.0.0.2')).statusCode).not.toBe(429);
    }
  });

  it('per account: beyond the allowance an e-mail is slowed down (doubling, capped), never refused, across IPs and case', async () => {
    ctx = await createTestApp({ RATE_LIMIT_AUTH_MAX: '100', ...slowedAfterTwo(600) });
    const { api } = ctx;
    const { email } = await registerUser(ctx.app, {}, nextAddress());
    let ip = 0;
    const timed = (value: string, password = 'wrong-password') =>
      timedPost(api, '/api/userlogin', {
        payload: { email: value, password },
        remoteAddress: `10.0.1.${(ip += 1)}`,
      });
    // The allowance: no delay (argon2 verify only, far below the 300 ms of the first delay).
    const free = [await timed(email), await timed(email.toUpperCase())];
    for (const attempt of free) expect(attempt.status).toBe(422);
    // Beyond it: 300 ms, then 600 ms (the cap), then the cap again; never 429.
    const third = await timed(` ${email} `);
    expect(third.status).toBe(422);
    expect(third.ms).toBeGreaterThanOrEqual(300);
    const fourth = await timed(email);
    expect(fourth.status).toBe(422);
    expect(fourth.ms).toBeGreaterThanOrEqual(600);
    const fifth = await timed(email);
    expect(fifth.status).toBe(422);
    expect(fifth.ms).toBeGreaterThanOrEqual(600);
    // The owner, after the flood, still gets in (slowed down, not locked out).
    const owner = await timed(email, PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(600);
    // Another account is not slowed down.
    const other = await timed(uniqueEmail('other'));
    expect(other.status).toBe(422);
    expect(other.ms).toBeLessThan(300);
  });

  it('per account, in order: N concurrent wrong logins from N addresses take (N-1) delays, then the owner gets in', async () => {
    const delayMs = 200;
    ctx = await createTestApp({
      RATE_LIMIT_AUTH_MAX: '100',
      RATE_LIMIT_ACCOUNT_MAX: '1',
      RATE_LIMIT_ACCOUNT_DELAY_MS: String(delayMs),
      RATE_LIMIT_ACCOUNT_DELAY_MAX_MS: String(delayMs),
    });
    const { api } = ctx;
    const { email } = await registerUser(ctx.app, {}, nextAddress());
    const attempts = 8;
    const started = performance.now();
    const finished = await Promise.all(
      Array.from({ length: attempts }, async (_, index) => {
        const response = await api.request('POST', '/api/userlogin', {
          payload: { email, password: 'wrong-password' },
          remoteAddress: `10.0.7.${index + 1}`,
        });
        expect(response.statusCode).toBe(422);
        return performance.now() - started;
      }),
    );
    // Each attempt had its own turn, one delay after the one before: the k-th to finish did not
    // finish before k delays (the first attempt is the window's free one).
    const order = finished.sort((a, b) => a - b);
    order.forEach((ms, index) => expect(ms).toBeGreaterThanOrEqual(index * delayMs));
    expect(order.at(-1)).toBeGreaterThanOrEqual((attempts - 1) * delayMs);
    // The owner waits for one more turn and signs in.
    const owner = await timedPost(api, '/api/userlogin', {
      payload: { email, password: PASSWORD },
      remoteAddress: '10.0.7.100',
    });
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(delayMs);
  });

  it('per account on every auth route: the same e-mail from fresh IPs is slowed down, not refused', async () => {
    ctx = await createTestApp({ RATE_LIMIT_AUTH_MAX: '100', ...slowedAfterTwo(300) });
    const { api } = ctx;
    let ip = 0;
    const send = (url: string, payload: Record<string, unknown>) =>
      timedPost(api, url, { payload, remoteAddress: `10.0.3.${(ip += 1)}` });
    for (const route of AUTH_ROUTES) {
      const email = uniqueEmail('account');
      for (let i = 0; i < 2; i += 1)
        expect((await send(route.url, route.payload(email))).status, route.url).not.toBe(429);
      const slowed = await send(route.url, route.payload(email.toUpperCase()));
      expect(slowed.status, route.url).not.toBe(429);
      expect(slowed.ms, route.url).toBeGreaterThanOrEqual(300);
    }
  });

  it('signed-in password changes (update-password, profile) are limited per IP and slowed per user', async () => {
    ctx = await createTestApp({ RATE_LIMIT_AUTH_MAX: '3', ...slowedAfterTwo(300) });
    const { api } = ctx;
    const wrongChange = {
      current_password: 'wrong-password',
      password: 'password-new-1',
      password_confirmation: 'password-new-1',
    };
    for (const [index, url] of ['/api/update-password', '/api/profile'].entries()) {
      const { token } = await registerUser(ctx.app, {}, nextAddress());
      const send = (remoteAddress: string) =>
        timedPost(api, url, { token, payload: wrongChange, remoteAddress });
      const address = `10.0.4.${index}`;
      for (let i = 0; i < 2; i += 1) expect((await send(address)).status, url).toBe(422);
      const slowed = await send(address);
      expect(slowed.status, url).toBe(422);
      expect(slowed.ms, url).toBeGreaterThanOrEqual(300);
      const limited = await send(address);
      expect(limited.status, url).toBe(429);
      expect(limited.response.json<{ code: string }>().code).toBe('RATE_LIMITED');
      expect(Number(limited.response.headers['retry-after'])).toBeGreaterThan(0);
      // The same user from another address is slowed down, not refused.
      const elsewhere = await send(`10.0.5.${index}`);
      expect(elsewhere.status, url).toBe(422);
      expect(elsewhere.ms).toBeGreaterThanOrEqual(300);
    }
    // A profile change without a password is not counted.
    const { token } = await registerUser(ctx.app, {}, nextAddress());
    for (let i = 0; i < 5; i += 1) {
      const response = await api.request('POST', '/api/profile', {
        token,
        payload: { name: `Name ${i}` },
        remoteAddress: '10.0.6.1',
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('the window resets', async () => {
    ctx = await createTestApp({ RATE_LIMIT_AUTH_MAX: '1', RATE_LIMIT_WINDOW_MS: '1000' });
    const { api } = ctx;
    const db = ctx.database.db;
    const send = () =>
      api.request('POST', '/api/forgot-password', {
        payload: { email: uniqueEmail() },
        remoteAddress: '10.0.2.1',
      });
    const key = 'ip:forgot-password:10.0.2.1';
    const before = await databaseNow(db);
    expect((await send()).statusCode).toBe(200);
    const after = await databaseNow(db);
    expect((await send()).statusCode).toBe(429);
    // The window is the configured second from the first request, on the database's clock.
    const resetAt = (await windowOf(db, key)).reset_at.getTime();
    expect(resetAt - before).toBeGreaterThanOrEqual(1000);
    expect(resetAt - after).toBeLessThanOrEqual(1000);
    await waitFor(async () => ((await windowOf(db, key)).ended ? true : undefined), 5_000);
    expect((await send()).statusCode).toBe(200);
  });

  it('the shared counter is atomic under concurrency and ended windows are cleaned up', async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const key = `test:${uniqueEmail()}`;
    const hits = await Promise.all(Array.from({ length: 40 }, () => hitRateLimit(db, key, 1000)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    for (const hit of hits) expect(hit.resetInMs).toBeLessThanOrEqual(1000);
    await waitFor(async () => ((await windowOf(db, key)).ended ? true : undefined), 5_000);
    expect(await deleteExpiredRateLimits(db)).toBeGreaterThanOrEqual(1);
    const rows = await db.selectFrom('rate_limits').select('key').where('key', '=', key).execute();
    expect(rows).toEqual([]);
    // A new window starts from 1.
    expect((await hitRateLimit(db, key, 1000)).count).toBe(1);
  });
});
