import { describe, expect, it } from 'vitest';
import {
  SUB_USER_ERRORS,
  SUB_USER_MIN_LIMIT_BYTES,
  SUB_USERS_MAX_PER_PACKAGE,
  type ErrorCode,
  type SubUser,
  type UsageSeries,
} from '@proxy/contract';
import { openSecret, SECRET_PURPOSES } from '@proxy/db';
import { renderError } from '../../plugins/error-handler.ts';
import type { FieldErrorKeys } from '../../lib/app-error.ts';
import { useTestApp, verifiedUser, type Registered } from '../../../test/helpers.ts';
import { setPackageColumns } from '../../../test/packages.ts';
import { creditBalance, customerWhoBought, loadShop, tariffByKey } from '../../../test/shop.ts';
import { meterSubUser } from '../../../test/sub-users.ts';
import { hourAgo } from '../../../test/usage.ts';

const ALNUM = (length: number) => new RegExp(`^[A-Za-z0-9]{${length}}$`);
const HOUR_MS = 3_600_000;

describe('sub-users of traffic packages', () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  /** A call as `user`: by its bearer token, or by its API key when `apiKey` is given. */
  const call = (
    user: Registered,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    apiKey?: string,
  ) =>
    ctx.api.request(method, url, {
      ...(apiKey ? { headers: { 'x-api-key': apiKey } } : { token: user.token }),
      ...(payload ? { payload } : {}),
    });
  const base = (packageId: number) => `/api/packages/${packageId}/sub-users`;

  const created = async (user: Registered, packageId: number, body: Record<string, unknown>) => {
    const response = await call(user, 'POST', base(packageId), body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SubUser }>().data;
  };
  const listed = async (user: Registered, packageId: number) => {
    const response = await call(user, 'GET', base(packageId));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SubUser[] }>().data;
  };
  const patched = async (
    user: Registered,
    packageId: number,
    id: number,
    body: Record<string, unknown>,
  ) => {
    const response = await call(user, 'PATCH', `${base(packageId)}/${id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SubUser }>().data;
  };

  /** The error body the API renders for `code` with these field error keys (English). */
  const expectedError = (code: ErrorCode, errors?: FieldErrorKeys) =>
    renderError(ctx.app.translator, 'en', code, errors ? { errors } : {});
  const nameTaken = () => expectedError('VALIDATION_FAILED', { name: [SUB_USER_ERRORS.nameTaken] });
  const tooMany = () =>
    expectedError('VALIDATION_FAILED', {
      _: [{ key: SUB_USER_ERRORS.tooMany, params: { max: SUB_USERS_MAX_PER_PACKAGE } }],
    });

  /** Every row of the package's sub-users, deleted ones too: what "nothing changed" compares. */
  const rowsOf = (packageId: number) =>
    db()
      .selectFrom('package_sub_users')
      .selectAll()
      .where('package_id', '=', packageId)
      .orderBy('id')
      .execute();

  const dynamicCustomer = async () => {
    await loadShop(db());
    return customerWhoBought(ctx, 'base-1gb');
  };

  /** A package of `path`'s family bought by `user` (not waited for: sub-users need no activation). */
  const boughtBy = async (user: Registered, path: string, payload: Record<string, unknown>) => {
    await creditBalance(db(), user.id, 100_000);
    const bought = await ctx.api.request('POST', path, { token: user.token, payload });
    expect(bought.statusCode, bought.body).toBe(200);
    return bought.json<{ package_id: number }>().package_id;
  };

  it('create, list, update, regenerate and delete: the whole life of a sub-user', async () => {
    const { user, packageId } = await dynamicCustomer();
    expect(await listed(user, packageId)).toEqual([]);

    const first = await created(user, packageId, { name: '  Client A  ' });
    expect(first).toMatchObject({
      package_id: packageId,
      name: 'Client A',
      traffic_limit_bytes: null,
      traffic_used_bytes: 0,
      expires_at: null,
      enabled: true,
      status: 'active',
    });
    expect(first.login).toMatch(ALNUM(20));
    expect(first.password).toMatch(ALNUM(16));
    // Stored sealed under the sub-user purpose, as the gateway opens it.
    const [row] = await rowsOf(packageId);
    expect(row?.password_encrypted).not.toContain(first.password);
    expect(
      openSecret(
        ctx.config.DATA_ENCRYPTION_KEY,
        row!.password_encrypted,
        SECRET_PURPOSES.subUserPassword,
      ),
    ).toBe(first.password);
    const pkg = await db()
      .selectFrom('packages')
      .select('login')
      .where('id', '=', packageId)
      .executeTakeFirstOrThrow();
    expect(first.login).not.toBe(pkg.login);

    const expiry = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const second = await created(user, packageId, {
      name: 'Client B',
      traffic_limit_bytes: 5_000_000,
      expires_at: expiry,
      enabled: false,
    });
    expect(second).toMatchObject({
      traffic_limit_bytes: 5_000_000,
      expires_at: expiry,
      enabled: false,
      status: 'disabled',
    });
    expect(second.login).not.toBe(first.login);
    expect(await listed(user, packageId)).toEqual([first, second]);

    // The given fields change, the others stay.
    const renamed = await patched(user, packageId, first.id, {
      name: 'Client C',
      traffic_limit_bytes: SUB_USER_MIN_LIMIT_BYTES,
    });
    expect(renamed).toEqual({
      ...first,
      name: 'Client C',
      traffic_limit_bytes: SUB_USER_MIN_LIMIT_BYTES,
    });
    const switched = await patched(user, packageId, second.id, {
      enabled: true,
      expires_at: null,
      traffic_limit_bytes: null,
    });
    expect(switched).toEqual({
      ...second,
      enabled: true,
      expires_at: null,
      traffic_limit_bytes: null,
      status: 'active',
    });
    const regenerated = await patched(user, packageId, first.id, { regenerate_password: true });
    expect(regenerated.password).toMatch(ALNUM(16));
    expect(regenerated.password).not.toBe(first.password);
    expect(regenerated).toEqual({ ...renamed, password: regenerated.password });

    const removed = await call(user, 'DELETE', `${base(packageId)}/${first.id}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await listed(user, packageId)).toEqual([switched]);
    // Soft: the row stays, marked.
    const kept = (await rowsOf(packageId)).find((r) => r.id === first.id);
    expect(kept?.deleted_at).toBeInstanceOf(Date);
    // A deleted sub-user is gone for every call.
    const now = Date.now();
    const range = `bucket=hour&from=${new Date(now - HOUR_MS).toISOString()}&to=${new Date(now).toISOString()}`;
    for (const [method, url, body] of [
      ['PATCH', `${base(packageId)}/${first.id}`, { enabled: false }],
      ['DELETE', `${base(packageId)}/${first.id}`, undefined],
      ['GET', `${base(packageId)}/${first.id}/usage?${range}`, undefined],
    ] as const) {
      const response = await call(user, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual(expectedError('NOT_FOUND'));
    }
    // Its name is free again.
    await created(user, packageId, { name: 'client c' });
  });

  it('a premium package has sub-users too; ISP and unlimited packages answer 422', async () => {
    await loadShop(db());
    const user = await verifiedUser(ctx);
    const premium = await boughtBy(user, '/api/tariff/buy', {
      tariff_id: (await tariffByKey(db(), 'premium-1gb')).id,
    });
    await created(user, premium, { name: 'Reseller 1' });
    expect(await listed(user, premium)).toHaveLength(1);

    const country = await db()
      .selectFrom('isp_countries')
      .select('id')
      .where('key', '=', 'isp-us')
      .executeTakeFirstOrThrow();
    const location = await db()
      .selectFrom('unlim_locations')
      .select('id')
      .where('key', '=', 'de-frankfurt')
      .executeTakeFirstOrThrow();
    const isp = await boughtBy(user, '/api/tariff/buy-isp', {
      country_id: country.id,
      period: 7,
      tariff_id: (await tariffByKey(db(), 'isp-us-5')).id,
      quantity: 5,
      ip: '203.0.113.9',
      socks: true,
    });
    const unlim = await boughtBy(user, '/api/tariff/buy-unlim', {
      tariff_id: (await tariffByKey(db(), 'unlim-1d-100mbps')).id,
      location_id: location.id,
    });
    const refused = expectedError('VALIDATION_FAILED', {
      _: [SUB_USER_ERRORS.notTrafficPackage],
    });
    for (const packageId of [isp, unlim]) {
      const now = Date.now();
      const range = `bucket=hour&from=${new Date(now - HOUR_MS).toISOString()}&to=${new Date(now).toISOString()}`;
      for (const [method, url, body] of [
        ['GET', base(packageId), undefined],
        ['POST', base(packageId), { name: 'x' }],
        ['PATCH', `${base(packageId)}/1`, { enabled: false }],
        ['DELETE', `${base(packageId)}/1`, undefined],
        ['GET', `${base(packageId)}/1/usage?${range}`, undefined],
      ] as const) {
        const response = await call(user, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(422);
        expect(response.json()).toEqual(refused);
      }
      expect(await rowsOf(packageId)).toEqual([]);
    }
  });

  it('each invalid input is a 422 with its field error, and nothing changes', async () => {
    const { user, packageId } = await dynamicCustomer();
    const existing = await created(user, packageId, { name: 'Taken' });
    const other = await created(user, packageId, { name: 'Other' });
    const before = await rowsOf(packageId);
    const past = new Date(Date.now() - 60_000).toISOString();

    const refusal = async (
      method: 'POST' | 'PATCH',
      url: string,
      body: Record<string, unknown>,
    ) => {
      const response = await call(user, method, url, body);
      expect(response.statusCode, `${method} ${JSON.stringify(body)}`).toBe(422);
      const answer = response.json<{ code: string; errors: Record<string, string[]> }>();
      expect(answer.code).toBe('VALIDATION_FAILED');
      return answer;
    };
    const one = `${base(packageId)}/${existing.id}`;
    // The contract's rules, checked by the route's schema: the field each one names.
    const cases: [
      method: 'POST' | 'PATCH',
      url: string,
      body: Record<string, unknown>,
      field: string,
    ][] = [
      ['POST', base(packageId), {}, 'name'],
      ['POST', base(packageId), { name: '   ' }, 'name'],
      ['POST', base(packageId), { name: 'x'.repeat(41) }, 'name'],
      ['POST', base(packageId), { name: 'a\u0000b' }, 'name'],
      ['POST', base(packageId), { name: ['Taken'] }, 'name'],
      ['POST', base(packageId), { name: 'ok', traffic_limit_bytes: 1e30 }, 'traffic_limit_bytes'],
      [
        'POST',
        base(packageId),
        { name: 'ok', traffic_limit_bytes: SUB_USER_MIN_LIMIT_BYTES - 1 },
        'traffic_limit_bytes',
      ],
      [
        'POST',
        base(packageId),
        { name: 'ok', traffic_limit_bytes: 1_500_000.5 },
        'traffic_limit_bytes',
      ],
      [
        'POST',
        base(packageId),
        { name: 'ok', traffic_limit_bytes: '5000000' },
        'traffic_limit_bytes',
      ],
      ['POST', base(packageId), { name: 'ok', expires_at: 'tomorrow' }, 'expires_at'],
      ['POST', base(packageId), { name: 'ok', enabled: 'yes' }, 'enabled'],
      ['PATCH', one, {}, '_'],
      ['PATCH', one, { regenerate_password: false }, 'regenerate_password'],
      ['PATCH', one, { name: '' }, 'name'],
      ['PATCH', one, { traffic_limit_bytes: 0 }, 'traffic_limit_bytes'],
    ];
    for (const [method, url, body, field] of cases)
      expect(Object.keys((await refusal(method, url, body)).errors)).toEqual([field]);

    // The rules the server checks itself, each with its own key.
    const expiryPast = expectedError('VALIDATION_FAILED', {
      expires_at: [SUB_USER_ERRORS.expiryPast],
    });
    expect(await refusal('POST', base(packageId), { name: 'ok', expires_at: past })).toEqual(
      expiryPast,
    );
    expect(await refusal('PATCH', one, { expires_at: past, enabled: false })).toEqual(expiryPast);
    expect(await refusal('POST', base(packageId), { name: 'TAKEN' })).toEqual(nameTaken());
    expect(await refusal('PATCH', `${base(packageId)}/${other.id}`, { name: ' taken ' })).toEqual(
      nameTaken(),
    );
    expect(await rowsOf(packageId)).toEqual(before);

    // A rename to its own name in another case is no clash.
    expect((await patched(user, packageId, existing.id, { name: 'TAKEN' })).name).toBe('TAKEN');
  });

  it('parallel renames to one name: the unique index lets one through, the rest are name_taken', async () => {
    const { user, packageId } = await dynamicCustomer();
    const subs = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        created(user, packageId, { name: `Racer ${index}` }),
      ),
    );
    const answers = await Promise.all(
      subs.map((sub) => call(user, 'PATCH', `${base(packageId)}/${sub.id}`, { name: 'Winner' })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual(nameTaken());
    }
    const names = (await rowsOf(packageId)).map((row) => row.name);
    expect(names.filter((name) => name === 'Winner')).toHaveLength(1);
  });

  it("another user's package or sub-user, a deleted package and unknown ids are 404", async () => {
    const { user, packageId } = await dynamicCustomer();
    const mine = await created(user, packageId, { name: 'Mine' });
    const stranger = await dynamicCustomer();
    const theirs = await created(stranger.user, stranger.packageId, { name: 'Theirs' });
    const before = [...(await rowsOf(packageId)), ...(await rowsOf(stranger.packageId))];
    const now = Date.now();
    const range = `bucket=hour&from=${new Date(now - HOUR_MS).toISOString()}&to=${new Date(now).toISOString()}`;
    const routes = (pkg: number | string, sub: number | string) =>
      [
        ['GET', `/api/packages/${pkg}/sub-users`, undefined],
        ['POST', `/api/packages/${pkg}/sub-users`, { name: 'Intruder' }],
        ['PATCH', `/api/packages/${pkg}/sub-users/${sub}`, { enabled: false }],
        ['DELETE', `/api/packages/${pkg}/sub-users/${sub}`, undefined],
        ['GET', `/api/packages/${pkg}/sub-users/${sub}/usage?${range}`, undefined],
      ] as const;
    const expectAll404 = async (pkg: number | string, sub: number | string) => {
      for (const [method, url, body] of routes(pkg, sub)) {
        const response = await call(user, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual(expectedError('NOT_FOUND'));
      }
    };
    // Another user's package, whatever the sub-user id.
    await expectAll404(stranger.packageId, theirs.id);
    // Another package's sub-user under my own package.
    for (const [method, url, body] of routes(packageId, theirs.id).slice(2)) {
      const response = await call(user, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Unknown and malformed ids.
    await expectAll404(2_000_000_000, 1);
    for (const [method, url, body] of routes(packageId, 'abc').slice(2))
      expect((await call(user, method, url, body)).statusCode, url).toBe(404);
    await expectAll404('abc', mine.id);
    expect([...(await rowsOf(packageId)), ...(await rowsOf(stranger.packageId))]).toEqual(before);

    // A deleted package keeps its rows but answers 404.
    await setPackageColumns(db(), packageId, { deleted_at: new Date() });
    await expectAll404(packageId, mine.id);
  });

  it('the reseller API: every call works with X-Api-Key as with the session', async () => {
    const { user, packageId } = await dynamicCustomer();
    const apiKey = (await ctx.api.profile(user.token)).json<{ user: { api_key: string } }>().user
      .api_key;
    const made = await call(user, 'POST', base(packageId), { name: 'By key' }, apiKey);
    expect(made.statusCode, made.body).toBe(200);
    const sub = made.json<{ data: SubUser }>().data;
    const list = await call(user, 'GET', base(packageId), undefined, apiKey);
    expect(list.json<{ data: SubUser[] }>().data).toEqual([sub]);
    const changed = await call(
      user,
      'PATCH',
      `${base(packageId)}/${sub.id}`,
      { enabled: false },
      apiKey,
    );
    expect(changed.json<{ data: SubUser }>().data.status).toBe('disabled');
    const now = Date.now();
    const usage = await call(
      user,
      'GET',
      `${base(packageId)}/${sub.id}/usage?bucket=hour&from=${new Date(now - HOUR_MS).toISOString()}&to=${new Date(now).toISOString()}`,
      undefined,
      apiKey,
    );
    expect(usage.statusCode).toBe(200);
    expect(
      (await call(user, 'DELETE', `${base(packageId)}/${sub.id}`, undefined, apiKey)).statusCode,
    ).toBe(204);
    // Another customer's key reaches none of it.
    const stranger = await verifiedUser(ctx);
    const strangerKey = (await ctx.api.profile(stranger.token)).json<{
      user: { api_key: string };
    }>().user.api_key;
    expect((await call(stranger, 'GET', base(packageId), undefined, strangerKey)).statusCode).toBe(
      404,
    );
  });

  it('30 parallel creations with one name: exactly one succeeds, the rest are name_taken', async () => {
    const { user, packageId } = await dynamicCustomer();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        call(user, 'POST', base(packageId), { name: index % 2 ? 'Twin' : 'twin' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(29);
    for (const answer of answers.filter((a) => a.statusCode === 422))
      expect(answer.json()).toEqual(nameTaken());
    expect(await rowsOf(packageId)).toHaveLength(1);
  });

  it('parallel creations never pass the maximum of live sub-users per package', async () => {
    const { user, packageId } = await dynamicCustomer();
    const extra = 12;
    const answers = await Promise.all(
      Array.from({ length: SUB_USERS_MAX_PER_PACKAGE + extra }, (_, index) =>
        call(user, 'POST', base(packageId), { name: `Client ${index}` }),
      ),
    );
    const ok = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(ok).toHaveLength(SUB_USERS_MAX_PER_PACKAGE);
    expect(refused).toHaveLength(extra);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual(tooMany());
    }
    // Every login is its own.
    const logins = new Set(ok.map((answer) => answer.json<{ data: SubUser }>().data.login));
    expect(logins.size).toBe(SUB_USERS_MAX_PER_PACKAGE);
    expect(await rowsOf(packageId)).toHaveLength(SUB_USERS_MAX_PER_PACKAGE);
    // A deleted one frees a place.
    const first = ok[0]!.json<{ data: SubUser }>().data;
    expect((await call(user, 'DELETE', `${base(packageId)}/${first.id}`)).statusCode).toBe(204);
    await created(user, packageId, { name: 'Late' });
    expect((await call(user, 'POST', base(packageId), { name: 'Later' })).json()).toEqual(
      tooMany(),
    );
  });

  it('traffic used and the status come from the metered hours', async () => {
    const { user, packageId } = await dynamicCustomer();
    const limited = await created(user, packageId, {
      name: 'Limited',
      traffic_limit_bytes: 2_000_000,
    });
    const free = await created(user, packageId, { name: 'Free' });
    const ref = (sub: SubUser) => ({ id: sub.id, packageId });
    await meterSubUser(db(), ref(limited), hourAgo(3), 300_000, 700_000);
    await meterSubUser(db(), ref(limited), hourAgo(3), 1, 2); // a second flush, same hour
    await meterSubUser(db(), ref(limited), hourAgo(24 * 40), 100_000, 400_000); // long ago counts
    await meterSubUser(db(), ref(free), hourAgo(1), 5, 6);
    const byName = async () =>
      new Map((await listed(user, packageId)).map((sub) => [sub.name, sub] as const));
    let subs = await byName();
    expect(subs.get('Limited')).toMatchObject({ traffic_used_bytes: 1_500_003, status: 'active' });
    expect(subs.get('Free')).toMatchObject({ traffic_used_bytes: 11, status: 'active' });

    // At the limit: limit_reached; raising the limit tops it up.
    await meterSubUser(db(), ref(limited), hourAgo(2), 0, 499_997);
    subs = await byName();
    expect(subs.get('Limited')).toMatchObject({
      traffic_used_bytes: 2_000_000,
      status: 'limit_reached',
    });
    expect(
      (await patched(user, packageId, limited.id, { traffic_limit_bytes: 3_000_000 })).status,
    ).toBe('active');
    // Lowered below what it used: reached at once.
    expect(
      (await patched(user, packageId, limited.id, { traffic_limit_bytes: 1_000_000 })).status,
    ).toBe('limit_reached');

    // Expired (the API takes only future expiries; time passes in the row). Disabled wins.
    await db()
      .updateTable('package_sub_users')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('id', '=', free.id)
      .execute();
    expect((await byName()).get('Free')?.status).toBe('expired');
    expect((await patched(user, packageId, free.id, { enabled: false })).status).toBe('disabled');
  });

  it("the usage series: zero-filled buckets of the sub-user's own rows", async () => {
    const { user, packageId } = await dynamicCustomer();
    const sub = await created(user, packageId, { name: 'Charted' });
    const sibling = await created(user, packageId, { name: 'Sibling' });
    await meterSubUser(db(), { id: sub.id, packageId }, hourAgo(2), 10, 20);
    await meterSubUser(db(), { id: sub.id, packageId }, hourAgo(30), 1_000, 2_000);
    await meterSubUser(db(), { id: sibling.id, packageId }, hourAgo(2), 777, 777);
    const to = hourAgo(-1);
    const from = new Date(to.getTime() - 48 * HOUR_MS);
    const usageOf = async (query: string) =>
      call(user, 'GET', `${base(packageId)}/${sub.id}/usage?${query}`);

    const hourly = await usageOf(`bucket=hour&from=${from.toISOString()}&to=${to.toISOString()}`);
    expect(hourly.statusCode, hourly.body).toBe(200);
    const series = hourly.json<{ data: UsageSeries }>().data;
    expect(series).toMatchObject({
      bucket: 'hour',
      from: from.toISOString(),
      to: to.toISOString(),
      totals: { bytes_up: 1_010, bytes_down: 2_020, bytes: 3_030 },
    });
    expect(series.points).toHaveLength(48);
    expect(series.points.find((p) => p.time === hourAgo(2).toISOString())).toMatchObject({
      bytes_up: 10,
      bytes_down: 20,
    });
    expect(series.points.filter((p) => p.bytes_up + p.bytes_down > 0)).toHaveLength(2);

    // The same series code as the package's: the package's own chart over that range holds both.
    const { uuid } = await db()
      .selectFrom('packages')
      .select('uuid')
      .where('id', '=', packageId)
      .executeTakeFirstOrThrow();
    const whole = await call(
      user,
      'GET',
      `/api/statistics/usage/${uuid}?bucket=hour&from=${from.toISOString()}&to=${to.toISOString()}`,
    );
    expect(whole.json<{ data: UsageSeries }>().data.totals.bytes).toBe(3_030 + 1_554);

    const daily = await usageOf(`bucket=day&from=${from.toISOString()}&to=${to.toISOString()}`);
    expect(daily.json<{ data: UsageSeries }>().data.totals.bytes).toBe(3_030);
    // The range rules are the package series' rules.
    const reversed = await usageOf(`bucket=hour&from=${to.toISOString()}&to=${from.toISOString()}`);
    expect(reversed.statusCode).toBe(422);
    expect(Object.keys(reversed.json<{ errors: object }>().errors)).toEqual(['to']);
  });
});
