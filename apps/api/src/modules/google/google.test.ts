import { createHash } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContext } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerUser,
  uniqueEmail,
  type TestContext,
} from '../../../test/helpers.ts';
import { enableTwoFactor } from '../../../test/two-factor.ts';

/** A real OpenID provider on a local port standing in for Google. */
type Account = { email: string; email_verified: boolean; name: string };
const accounts = new Map<string, Account>();
let nextLogin = '';
let ctx: TestContext;
let unconfigured: TestContext;

const CLIENT = { id: 'cabinet-client', secret: 'cabinet-client-secret-0123456789' };
const APP_URL = 'http://cabinet.test';
const SPA_CALLBACK = `${APP_URL}/auth/google/callback`;

/** Userinfo answers for this account carry OTHER_SUBJECT (same length) instead. */
const SWAPPED_SUBJECT = 'sub-userinfo-swapped';
const OTHER_SUBJECT = 'sub-someone-else-xyz';

type Stand = { issuer: string; server: Server; app: TestContext };
let google: Stand;
let conformant: Stand;

/**
 * A real OpenID provider on a local port and an app configured against it. `configuration`
 * is merged over the provider's settings (Google's ID-token claims, or the library defaults).
 */
const startProvider = async (configuration: Record<string, unknown>): Promise<Stand> => {
  let provider: Provider | null = null;
  const server = createServer((req, res) => {
    if (!provider) return void res.end();
    if (req.url?.startsWith('/interaction/')) {
      // The "user" signs in at the provider as whoever the test chose.
      void provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextLogin } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (req.url?.startsWith('/me')) {
      // A provider (or someone in the middle) answering userinfo for another subject:
      // the body keeps its length, so Content-Length stays right.
      const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
      res.end = ((chunk?: unknown) =>
        end(
          typeof chunk === 'string' || Buffer.isBuffer(chunk)
            ? String(chunk).replace(SWAPPED_SUBJECT, OTHER_SUBJECT)
            : chunk,
        )) as typeof res.end;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${APP_URL}/api/google/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // The standard scope-to-claims mapping (the library's default maps only openid -> sub).
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      // `use` is 'id_token' or 'userinfo': one account answers userinfo as another subject.
      claims: () => ({ sub, ...accounts.get(sub) }),
    }),
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    loadExistingGrant: async (koa: KoaContext) => {
      const grant = new koa.oidc.provider.Grant({
        clientId: koa.oidc.client.clientId,
        accountId: koa.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ...configuration,
  });
  const app = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT.id,
    GOOGLE_CLIENT_SECRET: CLIENT.secret,
    GOOGLE_ISSUER: issuer,
  });
  return { issuer, server, app };
};

beforeAll(async () => {
  // Google puts the e-mail claims into the ID token; so does this stand-in.
  google = await startProvider({ conformIdTokenClaims: false });
  // A conformant provider with oidc-provider's default claim settings: for an authorization
  // code flow, scope-requested claims (email, email_verified, name) are only in userinfo.
  conformant = await startProvider({});
  ctx = google.app;
  unconfigured = await createTestApp();
});

afterAll(async () => {
  for (const stand of [google, conformant]) {
    await stand.app.close();
    await new Promise((resolve) => stand.server.close(resolve));
  }
  await unconfigured.close();
});

/** Drives the browser part: our redirect -> provider (login) -> back to our callback URL. */
const authorize = async (accountId: string, query = '', stand = google) => {
  const start = await stand.app.api.request('GET', `/api/google/redirect${query}`);
  expect(start.statusCode).toBe(302);
  const flowCookie = start.cookies.find((cookie) => cookie.name === 'google_oidc_flow');
  expect(flowCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/google' });
  let url = String(start.headers.location);
  expect(url.startsWith(`${stand.issuer}/`)).toBe(true);
  const params = new URL(url).searchParams;
  expect(params.get('code_challenge_method')).toBe('S256');
  expect(params.get('state')).toBeTruthy();
  expect(params.get('nonce')).toBeTruthy();

  nextLogin = accountId;
  const jar = new Map<string, string>();
  for (let hop = 0; hop < 10 && !url.startsWith(APP_URL); hop += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`stuck at ${url}: ${response.status} ${await response.text()}`);
    url = new URL(location, url).href;
  }
  return { callback: url.slice(APP_URL.length), flow: flowCookie?.value ?? '' };
};

const finish = async (callback: string, flow: string, stand = google) => {
  const response = await stand.app.app.inject({
    method: 'GET',
    url: callback,
    cookies: { google_oidc_flow: flow },
  });
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(SPA_CALLBACK);
  return location.searchParams.get('token');
};

const profileOf = async (token: string, stand = google) => {
  const response = await stand.app.api.profile(token);
  expect(response.statusCode).toBe(200);
  return response.json<{
    user: { id: number; email: string; email_verified_at: string | null; api_key: string };
  }>().user;
};

describe('GET /auth/providers and unconfigured Google', () => {
  it('reports whether Google is configured; unconfigured redirect is 404', async () => {
    const on = await ctx.api.request('GET', '/api/auth/providers');
    expect(on.json()).toEqual({ google: true });
    const off = await unconfigured.api.request('GET', '/api/auth/providers');
    expect(off.json()).toEqual({ google: false });
    const redirect = await unconfigured.api.request('GET', '/api/google/redirect');
    expect(redirect.statusCode).toBe(404);
  });
});

describe('Google sign-in against a local OpenID provider', () => {
  it('creates a new verified, password-less user with the referral applied; a second sign-in finds it by subject', async () => {
    const inviter = await registerUser(ctx.app);
    const email = uniqueEmail('google-new');
    accounts.set('sub-new', { email, email_verified: true, name: 'Google Person' });

    const first = await authorize('sub-new', `?ref=${inviter.refLink}`);
    const token = await finish(first.callback, first.flow);
    expect(token).toBeTruthy();
    const user = await profileOf(token ?? '');
    expect(user.email).toBe(email);
    expect(user.email_verified_at).not.toBeNull();
    const row = await ctx.database.db
      .selectFrom('users')
      .select([
        'invited_by',
        'password_hash',
        'google_sub',
        'name',
        'legacy_api_key',
        'api_key_digest',
        'ref_link',
      ])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      invited_by: inviter.id,
      password_hash: null,
      google_sub: 'sub-new',
      name: 'Google Person',
    });
    // The key is stored only as its digest and encrypted (decision 068); the owner sees it.
    expect(user.api_key).toMatch(/^[0-9a-f]{32}$/);
    expect(row.legacy_api_key).toBeNull();
    expect(row.api_key_digest).toBe(createHash('sha256').update(user.api_key).digest('hex'));
    expect(row.ref_link).toHaveLength(10);

    const again = await authorize('sub-new');
    const second = await finish(again.callback, again.flow);
    expect((await profileOf(second ?? '')).id).toBe(user.id);
  });

  it('links an existing account with the same e-mail only when Google says it is verified', async () => {
    const existing = await registerUser(ctx.app);
    accounts.set('sub-link', {
      email: existing.email.toUpperCase(),
      email_verified: true,
      name: 'X',
    });
    const flow = await authorize('sub-link');
    const token = await finish(flow.callback, flow.flow);
    const user = await profileOf(token ?? '');
    expect(user.id).toBe(existing.id);
    expect(user.email_verified_at).not.toBeNull();

    const other = await registerUser(ctx.app);
    accounts.set('sub-unverified', { email: other.email, email_verified: false, name: 'Y' });
    const denied = await authorize('sub-unverified');
    expect(await finish(denied.callback, denied.flow)).toBeNull();
    const row = await ctx.database.db
      .selectFrom('users')
      .select('google_sub')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(row.google_sub).toBeNull();
  });

  it('an account with two-factor sign-in gets the code step, not a session', async () => {
    const existing = await registerUser(ctx.app);
    const { app } = await enableTwoFactor(ctx.api, existing.token);
    accounts.set('sub-two-factor', { email: existing.email, email_verified: true, name: 'Z' });
    const flow = await authorize('sub-two-factor');
    const response = await google.app.app.inject({
      method: 'GET',
      url: flow.callback,
      cookies: { google_oidc_flow: flow.flow },
    });
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(SPA_CALLBACK);
    expect(location.searchParams.get('token')).toBeNull();
    const challenge = location.searchParams.get('two_factor_challenge') ?? '';
    const signedIn = await ctx.api.request('POST', '/api/userlogin/two-factor', {
      payload: { challenge_token: challenge, code: app.next() },
    });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json<{ token: string }>().token;
    expect((await profileOf(token)).id).toBe(existing.id);
  });

  it('a tampered state, a tampered or missing flow cookie and provider errors give no token', async () => {
    accounts.set('sub-tamper', { email: uniqueEmail('tamper'), email_verified: true, name: 'Z' });
    const flow = await authorize('sub-tamper');
    const url = new URL(flow.callback, APP_URL);
    url.searchParams.set('state', 'tampered-state');
    expect(await finish(`${url.pathname}${url.search}`, flow.flow)).toBeNull();

    const second = await authorize('sub-tamper');
    expect(await finish(second.callback, `${second.flow.slice(0, -2)}xx`)).toBeNull();
    expect(await finish(second.callback, '')).toBeNull();
    expect(
      await finish('/api/google/callback?error=access_denied&state=x', second.flow),
    ).toBeNull();
    // The flow itself was never used: it still succeeds.
    expect(await finish(second.callback, second.flow)).toBeTruthy();
  });

  it('a replayed authorization code gives no token', async () => {
    accounts.set('sub-replay', { email: uniqueEmail('replay'), email_verified: true, name: 'R' });
    const flow = await authorize('sub-replay');
    expect(await finish(flow.callback, flow.flow)).toBeTruthy();
    expect(await finish(flow.callback, flow.flow)).toBeNull();
  });
});

describe('Google sign-in against a conformant provider with default claim settings', () => {
  it('reads e-mail and email_verified from userinfo when the ID token lacks them', async () => {
    const email = uniqueEmail('userinfo');
    accounts.set('sub-userinfo', { email, email_verified: true, name: 'Userinfo Person' });
    const flow = await authorize('sub-userinfo', '', conformant);
    const token = await finish(flow.callback, flow.flow, conformant);
    expect(token).toBeTruthy();
    const user = await profileOf(token ?? '', conformant);
    expect(user.email).toBe(email);
    expect(user.email_verified_at).not.toBeNull();
    const row = await conformant.app.database.db
      .selectFrom('users')
      .select(['google_sub', 'name'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ google_sub: 'sub-userinfo', name: 'Userinfo Person' });
  });

  it('an unverified address from userinfo links nothing and gives no token', async () => {
    const other = await registerUser(conformant.app.app);
    accounts.set('sub-userinfo-unverified', {
      email: other.email,
      email_verified: false,
      name: 'U',
    });
    const flow = await authorize('sub-userinfo-unverified', '', conformant);
    expect(await finish(flow.callback, flow.flow, conformant)).toBeNull();
  });

  it('a userinfo response for another subject is refused', async () => {
    const email = uniqueEmail('swapped');
    accounts.set(SWAPPED_SUBJECT, { email, email_verified: true, name: 'S' });
    const flow = await authorize(SWAPPED_SUBJECT, '', conformant);
    expect(await finish(flow.callback, flow.flow, conformant)).toBeNull();
    const row = await conformant.app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
