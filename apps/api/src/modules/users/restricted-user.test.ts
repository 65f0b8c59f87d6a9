import { describe, expect, it } from 'vitest';
import { runCommand } from '../../../test/commands.ts';
import { useTestApp, verifiedUser, type Registered } from '../../../test/helpers.ts';
import { apiKeyColumns } from './api-key.ts';
import { usersCommands } from './users.commands.ts';

const ctx = useTestApp();

/** Every buy, top-up, finance and alerts route: the restricted kind of user may use none. */
const GUARDED_ROUTES = [
  { method: 'POST', url: '/api/tariff/buy', payload: { tariff_id: 1, quantity: 1 } },
  { method: 'POST', url: '/api/tariff/buy-unlim', payload: { tariff_id: 1 } },
  { method: 'POST', url: '/api/tariff/buy-isp', payload: { tariff_id: 1 } },
  {
    method: 'POST',
    url: '/api/payment/create',
    payload: { amount: '12.5', type: 3, network: 'USDT-TRC20' },
  },
  { method: 'GET', url: '/api/profile/transactions' },
  { method: 'GET', url: '/api/profile/payments' },
  { method: 'GET', url: '/api/profile/referrals' },
  { method: 'POST', url: '/api/profile/transfer-referral-balance', payload: { amount: 1 } },
  { method: 'GET', url: '/api/profile/withdrawals' },
  { method: 'POST', url: '/api/profile/withdrawals', payload: { amount: 1 } },
  { method: 'GET', url: '/api/profile/alerts' },
] as const;

const call = (route: (typeof GUARDED_ROUTES)[number], user: Registered) =>
  ctx.api.request(route.method, route.url, {
    token: user.token,
    payload: 'payload' in route ? route.payload : undefined,
  });

/** The spec's special API key, set the way an operator would: straight in the database. */
const giveApiKey = async (userId: number, apiKey: string) => {
  await ctx.database.db
    .updateTable('users')
    .set(apiKeyColumns(ctx.config.DATA_ENCRYPTION_KEY, apiKey))
    .where('id', '=', userId)
    .execute();
};

type RestrictedUsers = { flagged: Registered; firstKey: Registered; secondKey: Registered };
let created: RestrictedUsers | null = null;

/** One user of each kind for the file (each special key is unique, so it can be given once). */
const restrictedUsers = async (): Promise<RestrictedUsers> => {
  if (created) return created;
  const flagged = await verifiedUser(ctx);
  await runCommand(usersCommands, ctx.database.db, 'users:restrict', [flagged.email]);
  const firstKey = await verifiedUser(ctx);
  await giveApiKey(firstKey.id, 'restricted-key-1');
  const secondKey = await verifiedUser(ctx);
  await giveApiKey(secondKey.id, 'restricted-key-2');
  created = { flagged, firstKey, secondKey };
  return created;
};

describe('restricted users on the server', () => {
  it('every guarded route answers 403 in the error shape to flagged and special-key users', async () => {
    const users = await restrictedUsers();
    for (const user of Object.values(users)) {
      for (const route of GUARDED_ROUTES) {
        const response = await call(route, user);
        expect({ route: route.url, status: response.statusCode }).toEqual({
          route: route.url,
          status: 403,
        });
        expect(response.json()).toMatchObject({
          success: false,
          code: 'FORBIDDEN',
          message: expect.any(String) as string,
        });
      }
    }
    // A refused top-up created nothing.
    const payments = await ctx.database.db
      .selectFrom('payments')
      .select('id')
      .where(
        'user_id',
        'in',
        Object.values(users).map((user) => user.id),
      )
      .execute();
    expect(payments).toEqual([]);
  });

  it('the same routes are not refused as forbidden for an ordinary user', async () => {
    const user = await verifiedUser(ctx);
    for (const route of GUARDED_ROUTES) {
      const response = await call(route, user);
      expect({ route: route.url, status: response.statusCode }).not.toEqual({
        route: route.url,
        status: 403,
      });
      expect(response.statusCode).toBeLessThan(500);
      if (route.url === '/api/payment/create') expect(response.statusCode).toBe(200);
    }
  });

  it('the profile carries is_restricted for flagged and special-key users only', async () => {
    const users = await restrictedUsers();
    const ordinary = await verifiedUser(ctx);
    const flagOf = async (user: Registered) =>
      (await ctx.api.profile(user.token)).json<{ user: { is_restricted: boolean } }>().user
        .is_restricted;
    expect(await flagOf(users.flagged)).toBe(true);
    expect(await flagOf(users.firstKey)).toBe(true);
    expect(await flagOf(users.secondKey)).toBe(true);
    expect(await flagOf(ordinary)).toBe(false);
  });
});
