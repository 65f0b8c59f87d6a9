import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PASSWORD, registerUser, useTestApp } from '../../../test/helpers.ts';
import { parseUserAgent } from './user-agent.ts';

const ctx = useTestApp();

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

type SessionItem = {
  id: number;
  browser: string | null;
  os: string | null;
  ip_address: string | null;
  created_at: string;
  last_used_at: string | null;
  is_current: boolean;
};

/** Signs in as `email` from a device: its User-Agent and address. */
const signIn = async (email: string, userAgent: string, remoteAddress: string) => {
  const response = await ctx.api.request('POST', '/api/userlogin', {
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
};

const sessionsOf = async (token: string) => {
  const response = await ctx.api.request('GET', '/api/profile/sessions', { token });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: SessionItem[] }>().data;
};

const profileStatus = async (token: string) =>
  (await ctx.api.request('GET', '/api/profile', { token })).statusCode;

describe('sessions', () => {
  it('lists each signed-in device with browser, OS, address, dates and "this device"', async () => {
    const user = await registerUser(ctx.app);
    const laptop = await signIn(user.email, FIREFOX_LINUX, '203.0.113.7');
    await signIn(user.email, SAFARI_IPHONE, '198.51.100.23');
    const sessions = await sessionsOf(laptop);
    // Registration's session, then the two sign-ins, newest first.
    expect(sessions).toHaveLength(3);
    const [phone, current] = sessions;
    expect(phone).toMatchObject({
      browser: 'Safari 18',
      os: 'iOS',
      ip_address: '198.51.100.23',
      is_current: false,
    });
    expect(current).toMatchObject({
      browser: 'Firefox 133',
      os: 'Linux',
      ip_address: '203.0.113.7',
      is_current: true,
    });
    for (const session of sessions) {
      expect(Date.parse(session.created_at)).not.toBeNaN();
      expect(Date.parse(session.last_used_at ?? '')).not.toBeNaN();
    }
    expect(sessions.filter((session) => session.is_current)).toHaveLength(1);
  });

  it('moves "last seen" forward when a stale session is used', async () => {
    const user = await registerUser(ctx.app);
    const longAgo = sql<Date>`now() - interval '1 hour'`;
    await ctx.database.db
      .updateTable('access_tokens')
      .set({ last_used_at: longAgo })
      .where('user_id', '=', user.id)
      .execute();
    const [session] = await sessionsOf(user.token);
    expect(Date.now() - Date.parse(session?.last_used_at ?? '')).toBeLessThan(60_000);
  });

  it('revokes one device: its token stops working at once; others and foreign ids are 404', async () => {
    const user = await registerUser(ctx.app);
    const phone = await signIn(user.email, SAFARI_IPHONE, '198.51.100.24');
    const phoneId = (await sessionsOf(phone)).find((session) => session.is_current)?.id;
    expect(await profileStatus(phone)).toBe(200);

    const stranger = await registerUser(ctx.app);
    const foreign = await ctx.api.request('DELETE', `/api/profile/sessions/${phoneId}`, {
      token: stranger.token,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await profileStatus(phone)).toBe(200);

    const revoked = await ctx.api.request('DELETE', `/api/profile/sessions/${phoneId}`, {
      token: user.token,
      language: 'ru',
    });
    expect(revoked.statusCode).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(user.token)).toBe(200);
    // Already revoked, unknown and malformed ids are all "not found".
    for (const id of [String(phoneId), '999999999', 'abc'])
      expect(
        (await ctx.api.request('DELETE', `/api/profile/sessions/${id}`, { token: user.token }))
          .statusCode,
      ).toBe(404);
    expect((await sessionsOf(user.token)).map((session) => session.id)).not.toContain(phoneId);
  });

  it('revokes all other devices and keeps this one', async () => {
    const user = await registerUser(ctx.app);
    const others = [
      await signIn(user.email, SAFARI_IPHONE, '198.51.100.25'),
      await signIn(user.email, FIREFOX_LINUX, '198.51.100.26'),
    ];
    const response = await ctx.api.request('POST', '/api/profile/sessions/revoke-others', {
      token: user.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ revoked: number }>().revoked).toBe(2);
    for (const token of others) expect(await profileStatus(token)).toBe(401);
    expect(await profileStatus(user.token)).toBe(200);
    expect(await sessionsOf(user.token)).toHaveLength(1);
  });

  it('is for cabinet sessions only: no session is 401, an API key is refused', async () => {
    const user = await registerUser(ctx.app);
    const apiKey = (await ctx.api.request('GET', '/api/profile', { token: user.token })).json<{
      user: { api_key: string };
    }>().user.api_key;
    expect((await ctx.api.request('GET', '/api/profile/sessions')).statusCode).toBe(401);
    const withKey = await ctx.api.request('GET', '/api/profile/sessions', {
      headers: { 'x-api-key': apiKey },
    });
    expect(withKey.statusCode).toBe(403);
  });
});

describe('parseUserAgent', () => {
  it('names the browser families and systems people know', () => {
    const cases: [string, string | null, string | null][] = [
      [FIREFOX_LINUX, 'Firefox 133', 'Linux'],
      [SAFARI_IPHONE, 'Safari 18', 'iOS'],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge 131',
        'Windows',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        'Chrome 131',
        'Android',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
        'Opera 115',
        'macOS',
      ],
      ['curl/8.5.0', 'curl 8', null],
      ['something else', null, null],
    ];
    for (const [userAgent, browser, os] of cases)
      expect(parseUserAgent(userAgent), userAgent).toEqual({ browser, os });
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null });
  });
});
