import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, endpointPath, isPublicApiEndpoint } from '@proxy/contract';
import { runCommand } from '../../test/commands.ts';
import {
  PASSWORD,
  createTestApp,
  registerUser,
  useScratchDatabase,
  useTestApp,
  verifiedUser,
  type Registered,
  type TestContext,
} from '../../test/helpers.ts';
import { customerWhoBought, loadShop, tariffByKey } from '../../test/shop.ts';
import { errorBody, textOf } from '../../test/texts.ts';
import { apiKeyColumns } from '../modules/users/api-key.ts';
import { usersCommands } from '../modules/users/users.commands.ts';

type Profile = { user: { id: number; api_key: string; balance: number } };

const apiKeyOf = async (ctx: TestContext, user: Registered) =>
  (await ctx.api.profile(user.token)).json<Profile>().user.api_key;

const withKey = (apiKey: string) => ({ headers: { 'x-api-key': apiKey } });

const notAllowed = errorBody('API_KEY_NOT_ALLOWED', textOf('en', 'errors', 'api_key_not_allowed'));

describe('X-Api-Key: the public reseller API', () => {
  const ctx = useTestApp();
  beforeAll(async () => loadShop(ctx.database.db));

  it('authenticates the public routes as the key holder (balance, packages)', async () => {
    const { user, packageId } = await customerWhoBought(ctx, 'base-1gb');
    const apiKey = await apiKeyOf(ctx, user);
    const profile = await ctx.api.request('GET', '/api/profile', withKey(apiKey));
    expect(profile.statusCode).toBe(200);
    expect(profile.json<Profile>().user).toMatchObject({ id: user.id, api_key: apiKey });
    const packages = await ctx.api.request('GET', '/api/packages', withKey(apiKey));
    expect(packages.statusCode).toBe(200);
    expect(packages.json<{ packages: { data: { id: number }[] } }>().packages.data).toEqual([
      expect.objectContaining({ id: packageId }),
    ]);
  });

  it('refuses an unknown or malformed key with 401, and a missing one as before', async () => {
    for (const apiKey of ['0'.repeat(32), 'not a key', 'x'.repeat(201)]) {
      const response = await ctx.api.request('GET', '/api/profile', withKey(apiKey));
      expect(response.statusCode, apiKey).toBe(401);
      expect(response.json()).toEqual(
        errorBody('UNAUTHENTICATED', textOf('en', 'errors', 'unauthenticated')),
      );
    }
    expect((await ctx.api.request('GET', '/api/profile')).statusCode).toBe(401);
  });

  it('every route outside the public API refuses a key with 403 and changes nothing', async () => {
    const user = await verifiedUser(ctx);
    const apiKey = await apiKeyOf(ctx, user);
    const cabinetOnly = [
      {
        method: 'POST',
        url: '/api/update-password',
        payload: {
          current_password: PASSWORD,
          password: 'changed-123',
          password_confirmation: 'changed-123',
        },
      },
      {
        method: 'POST',
        url: '/api/profile',
        payload: {
          name: 'Renamed',
          current_password: PASSWORD,
          password: 'changed-123',
          password_confirmation: 'changed-123',
        },
      },
      { method: 'POST', url: '/api/profile/api-key/regenerate' },
      { method: 'POST', url: '/api/logout' },
      { method: 'GET', url: '/api/profile/notifications' },
      { method: 'PATCH', url: '/api/profile/notifications/read-all' },
      { method: 'GET', url: '/api/profile/transactions' },
      { method: 'POST', url: '/api/profile/withdrawals', payload: { amount: 1, address: 'T' } },
      { method: 'POST', url: '/api/payment/create', payload: { amount: '10', type: 5 } },
    ] as const;
    for (const route of cabinetOnly) {
      // A valid session sent along does not make the key acceptable.
      const response = await ctx.api.request(route.method, route.url, {
        token: user.token,
        ...withKey(apiKey),
        payload: 'payload' in route ? route.payload : undefined,
      });
      expect(response.statusCode, route.url).toBe(403);
      expect(response.json(), route.url).toEqual(notAllowed);
    }
    // The document of the public API is readable by a client that sends its key everywhere.
    expect((await ctx.api.request('GET', '/api/openapi.json', withKey(apiKey))).statusCode).toBe(
      200,
    );
    // Nothing happened: the password, the name, the key and the session are as they were.
    expect((await ctx.api.login(user.email, PASSWORD)).statusCode).toBe(200);
    const profile = await ctx.api.profile(user.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json<Profile & { user: { name: string } }>().user).toMatchObject({
      name: 'Tester',
      api_key: apiKey,
    });
  });

  it('the contract lists the public routes; no session, password or key route is among them', () => {
    const publicRoutes = allEndpoints()
      .filter(isPublicApiEndpoint)
      .map((endpoint) => endpoint.path);
    expect(publicRoutes).toContain('/profile');
    expect(publicRoutes).toContain('/tariff/buy');
    expect(publicRoutes).toContain('/packages/:id/proxy-lists');
    for (const path of publicRoutes)
      expect(path).not.toMatch(/password|api-key|logout|login|register|notifications|withdraw/);
  });

  it("another user's package id through the key is 404, as with a session", async () => {
    const owner = await customerWhoBought(ctx, 'base-1gb');
    const stranger = await verifiedUser(ctx);
    const strangerKey = await apiKeyOf(ctx, stranger);
    const ownerKey = await apiKeyOf(ctx, owner.user);
    const detail = allEndpoints().find((endpoint) => endpoint.path === '/packages/dynamic/:id');
    if (!detail) throw new Error('no dynamic package endpoint');
    const url = `/api${endpointPath(detail, { id: owner.packageId })}`;
    expect((await ctx.api.request('GET', url, withKey(ownerKey))).statusCode).toBe(200);
    const foreign = await ctx.api.request('GET', url, withKey(strangerKey));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(errorBody('NOT_FOUND', textOf('en', 'errors', 'not_found')));
    const lists = await ctx.api.request(
      'GET',
      `/api/packages/${owner.packageId}/proxy-lists`,
      withKey(strangerKey),
    );
    expect(lists.statusCode).toBe(404);
  });

  it('the restricted-user and verified-e-mail guards apply to the key as to a session', async () => {
    const tariff = await tariffByKey(ctx.database.db, 'base-1gb');
    const restricted = await verifiedUser(ctx);
    await runCommand(usersCommands, ctx.database.db, 'users:restrict', [restricted.email]);
    const buy = (apiKey: string) =>
      ctx.api.request('POST', '/api/tariff/buy', {
        ...withKey(apiKey),
        payload: { tariff_id: tariff.id },
      });
    const refused = await buy(await apiKeyOf(ctx, restricted));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(errorBody('FORBIDDEN', textOf('en', 'errors', 'forbidden')));
    const unverified = await registerUser(ctx.app);
    const notVerified = await buy(await apiKeyOf(ctx, unverified));
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json<{ code: string }>().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('regenerating the key revokes the old one at once; the session and profile follow', async () => {
    const user = await verifiedUser(ctx);
    const oldKey = await apiKeyOf(ctx, user);
    expect((await ctx.api.request('GET', '/api/profile', withKey(oldKey))).statusCode).toBe(200);
    const regenerated = await ctx.api.request('POST', '/api/profile/api-key/regenerate', {
      token: user.token,
    });
    expect(regenerated.statusCode).toBe(200);
    const body = regenerated.json<Profile & { success: boolean; message: string }>();
    expect(body).toMatchObject({
      success: true,
      message: textOf('en', 'messages', 'api_key_regenerated'),
    });
    const newKey = body.user.api_key;
    expect(newKey).toMatch(/^[0-9a-f]{32}$/);
    expect(newKey).not.toBe(oldKey);
    const old = await ctx.api.request('GET', '/api/profile', withKey(oldKey));
    expect(old.statusCode).toBe(401);
    const fresh = await ctx.api.request('GET', '/api/profile', withKey(newKey));
    expect(fresh.json<Profile>().user.id).toBe(user.id);
    expect(await apiKeyOf(ctx, user)).toBe(newKey);
    // A stranger's key and no session at all cannot regenerate.
    expect((await ctx.api.request('POST', '/api/profile/api-key/regenerate')).statusCode).toBe(401);
  });
});

describe('X-Api-Key rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_API_KEY_MAX: '3' });
  });
  afterAll(async () => ctx.close());

  it('allows RATE_LIMIT_API_KEY_MAX requests per key and window, then 429 with Retry-After', async () => {
    const user = await verifiedUser(ctx);
    const other = await verifiedUser(ctx);
    const apiKey = await apiKeyOf(ctx, user);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await ctx.api.request('GET', '/api/profile', withKey(apiKey))).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await ctx.api.request('GET', '/api/packages', withKey(apiKey));
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ code: string }>().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Per key: another user's key and the user's own cabinet session are not limited by it.
    const otherKey = await apiKeyOf(ctx, other);
    expect((await ctx.api.request('GET', '/api/profile', withKey(otherKey))).statusCode).toBe(200);
    expect((await ctx.api.profile(user.token)).statusCode).toBe(200);
    // A new key does not start a fresh allowance.
    const regenerated = await ctx.api.request('POST', '/api/profile/api-key/regenerate', {
      token: user.token,
    });
    const newKey = regenerated.json<Profile>().user.api_key;
    expect((await ctx.api.request('GET', '/api/profile', withKey(newKey))).statusCode).toBe(429);
  });
});

describe('regenerating a special (restricted) key', () => {
  // The special keys are unique in the users table: this test gives one on a database of its own.
  const own = useScratchDatabase('cabinet_api_key_restricted', { migrate: true });
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ DATABASE_URL: own.scratch.url });
    await loadShop(ctx.database.db);
  });
  afterAll(async () => ctx.close());

  it('keeps the user restricted: a new key is no way out of the restriction', async () => {
    const user = await verifiedUser(ctx);
    await ctx.database.db
      .updateTable('users')
      .set(apiKeyColumns(ctx.config.DATA_ENCRYPTION_KEY, 'restricted-key-1'))
      .where('id', '=', user.id)
      .execute();
    const tariff = await tariffByKey(ctx.database.db, 'base-1gb');
    const buy = (apiKey: string) =>
      ctx.api.request('POST', '/api/tariff/buy', {
        ...withKey(apiKey),
        payload: { tariff_id: tariff.id },
      });
    expect((await buy('restricted-key-1')).statusCode).toBe(403);
    const regenerated = await ctx.api.request('POST', '/api/profile/api-key/regenerate', {
      token: user.token,
    });
    expect(regenerated.statusCode).toBe(200);
    const body = regenerated.json<Profile & { user: { is_restricted: boolean } }>();
    expect(body.user.is_restricted).toBe(true);
    expect((await buy('restricted-key-1')).statusCode).toBe(401);
    const refused = await buy(body.user.api_key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('FORBIDDEN');
  });
});
