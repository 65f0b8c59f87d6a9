import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@proxy/contract';
import { bearer, createTestApp, verifiedUser, type TestContext } from '../test/helpers.ts';
import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from './integrations/payments/sandbox.ts';
import { sandboxSecretOf } from './modules/payments/payment-providers.ts';
import { loadShop } from '../test/shop.ts';

/**
 * Hostile input on EVERY route of the route table (collected with an
 * onRoute hook, so a route added later is fuzzed without touching this file) must never
 * make the API answer 5xx, and every refusal must be in the one error shape.
 *
 * Each route gets, on top of a valid seed request: every body field (the seed's, the
 * schema's and an unknown one) set to each hostile JSON value; whole hostile bodies in
 * several media types; every query field set to each hostile raw value and to array and
 * nested forms; every path parameter set to each hostile raw value. Requests carry a valid
 * session of a verified user, so guards do not stop them before validation; the sandbox
 * webhook's bodies are signed as the sandbox signs, so they reach the payload parsing.
 */

const PASSWORD_PAIR = { password: 'password-123', password_confirmation: 'password-123' };
const CONTROL_CHARACTERS_MESSAGE =
  'Remove control characters (such as invisible symbols) from this field';

const MB = 1024 * 1024;
const ONE_MB = 'x'.repeat(MB);

const nestedObject = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};
const nestedArray = (depth: number): unknown => {
  let value: unknown = ['leaf'];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

/** Strings that read as numbers, or almost: zero, negative, fractional, out of range, huge. */
const NUMBER_LIKE = ['0', '-1', '1.5', '1e309', 'NaN', '9'.repeat(400), '99999999999999999999'];

/** Values for one JSON body field: control characters, lone surrogates, 1 MB, wrong types. */
const BODY_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  'Tester\u0000',
  '\u0000@example.test',
  'user\u0000@example.test',
  '@tg\u0000',
  'x\u0001\u001f',
  '\u007f\u0085',
  '\u001b[31m',
  '\ud800',
  'a\udfff',
  '\udc00\ud800',
  'Tester\ud83d',
  ONE_MB,
  '\u0000'.repeat(1000),
  '',
  ' ',
  '\t\n\r',
  ...NUMBER_LIKE,
  "' OR '1'='1",
  '%00',
  'null',
  '[]',
  '\u202eabc',
  '😀😀😀',
  '\u2028\u2029',
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 63,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  [null],
  ['a', 'b'],
  ['\u0000'],
  { a: '\u0000' },
  { $gt: '' },
  {},
  nestedObject(64),
  nestedArray(64),
];

/** Whole bodies: not objects, not JSON, prototype keys, bad bytes, other media types. */
const RAW_BODIES: { payload: string | Buffer; contentType?: string }[] = [
  ...[
    'null',
    '[]',
    '[1,2]',
    '"\\u0000"',
    '0',
    'true',
    '{}',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{',
    '{"a":',
    '{"a":"\u0000"}',
    '{"a":"\\ud800"}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    JSON.stringify({ a: ONE_MB }),
    '',
  ].map((payload) => ({ payload, contentType: 'application/json' })),
  { payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { payload: '\u0000', contentType: 'application/json' },
  { payload: '{}', contentType: 'text/plain' },
  { payload: 'a=1&a=2&b[c]=%00', contentType: 'application/x-www-form-urlencoded' },
  { payload: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
  { payload: '{}', contentType: 'application/json; charset=utf-16' },
  { payload: '{}', contentType: 'application/csp-report' },
  { payload: '{}', contentType: 'application/vnd.unknown' },
];

/** Raw (already URL-encoded) values for query fields and path parameters. */
const RAW_VALUES: string[] = [
  '%00',
  'a%00b',
  '%01%1F',
  '%7F',
  '%ED%A0%80',
  '%ED%B0%80',
  '%C0%80',
  '%FF%FE',
  '%',
  '%ZZ',
  '%uD800',
  'x'.repeat(101),
  '',
  ...NUMBER_LIKE,
  'true',
  'null',
  '%5B%5D',
  '%7B%7D',
  "'%20OR%201%3D1",
  '%F0%9F%98%80',
  '..%2F..%2Fetc%2Fpasswd',
  '%E2%80%AE',
  '%0D%0ASet-Cookie:%20x=1',
  '00000000-0000-0000-0000-000000000000',
  '%C2%A0',
  '%09',
  '+%00+',
  '%E2%80%8B',
  '%E0%80%80',
  '%F4%90%80%80',
];
/** A query value of 1 MB (params this long stop at the router's parameter limit). */
const RAW_QUERY_VALUES = [...RAW_VALUES, ONE_MB];

type Seed = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  contentType?: string;
  /** Headers that depend on the exact payload (the sandbox webhook's signature). */
  sign?: (payload: string) => Record<string, string>;
};

type FuzzCase = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

type CollectedRoute = { method: string; url: string; schema: RouteOptions['schema'] };

/** The field names a zod request schema declares (through pipes, optionals and unions). */
const fieldsOf = (schema: unknown): string[] => {
  const names = new Set<string>();
  const walk = (node: unknown, depth: number) => {
    if (depth > 8 || typeof node !== 'object' || node === null || !('_zod' in node)) return;
    const def = (node as { _zod: { def: Record<string, unknown> } })._zod.def;
    if (def.type === 'object') {
      for (const name of Object.keys(def.shape as object)) names.add(name);
      return;
    }
    for (const key of ['in', 'out', 'innerType', 'schema', 'left', 'right'])
      walk(def[key], depth + 1);
    if (Array.isArray(def.options)) for (const option of def.options) walk(option, depth + 1);
  };
  walk(schema, 0);
  return [...names];
};

const fillPath = (url: string, params: Record<string, string>) =>
  url
    .replace(/:(\w+)/g, (_match, name: string) => params[name] ?? '1')
    .replace(/\*$/, params['*'] ?? 'assets/app.js');

const queryString = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');

const withQuery = (pathname: string, query: string) => (query ? `${pathname}?${query}` : pathname);

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every request the fuzz sends to one route. */
const casesFor = (
  route: CollectedRoute,
  seed: Seed,
  authHeaders: Record<string, string>,
): FuzzCase[] => {
  const params = seed.params ?? {};
  const query = Object.fromEntries(
    Object.entries(seed.query ?? {}).map(([name, value]) => [name, encodeURIComponent(value)]),
  );
  const schema = route.schema ?? {};
  const cases: FuzzCase[] = [];
  const pathname = fillPath(route.url, params);
  const base = withQuery(pathname, queryString(query));
  const bodyCase = (payload: string | Buffer, contentType?: string, url = base): FuzzCase => ({
    method: route.method,
    url,
    headers: {
      ...authHeaders,
      ...(contentType ? { 'content-type': contentType } : {}),
      ...(seed.sign && typeof payload === 'string' ? seed.sign(payload) : {}),
    },
    payload,
  });

  const seedBody = seed.body ?? {};
  if (HAS_BODY.has(route.method)) {
    cases.push(bodyCase(JSON.stringify(seedBody), seed.contentType ?? 'application/json'));
    const fields = new Set([...Object.keys(seedBody), ...fieldsOf(schema.body), 'zz']);
    for (const field of fields)
      for (const value of BODY_VALUES)
        cases.push(
          bodyCase(
            JSON.stringify({ ...seedBody, [field]: value }),
            seed.contentType ?? 'application/json',
          ),
        );
  } else cases.push({ method: route.method, url: base, headers: authHeaders });
  for (const { payload, contentType } of RAW_BODIES) cases.push(bodyCase(payload, contentType));

  const queryFields = new Set([...Object.keys(query), ...fieldsOf(schema.querystring), 'zz']);
  for (const field of queryFields) {
    const others = Object.fromEntries(Object.entries(query).filter(([name]) => name !== field));
    const rest = queryString(others);
    const variants = [
      ...RAW_QUERY_VALUES.map((value) => `${field}=${value}`),
      `${field}=a&${field}=b`,
      `${field}[]=a`,
      `${field}[x][y]=%00`,
      field,
    ];
    for (const variant of variants) {
      const url = withQuery(pathname, [rest, variant].filter(Boolean).join('&'));
      cases.push(
        HAS_BODY.has(route.method)
          ? bodyCase(JSON.stringify(seedBody), seed.contentType ?? 'application/json', url)
          : { method: route.method, url, headers: authHeaders },
      );
    }
  }

  for (const name of (route.url.match(/:(\w+)/g) ?? []).map((part) => part.slice(1)))
    for (const value of RAW_VALUES)
      cases.push({
        method: route.method,
        url: withQuery(fillPath(route.url, { ...params, [name]: value }), queryString(query)),
        headers: authHeaders,
      });
  return cases;
};

let ctx: TestContext;
const routes: CollectedRoute[] = [];

beforeAll(async () => {
  // A built SPA, so the static routes (/, the asset wildcard) are in the table too.
  const dist = mkdtempSync(path.join(tmpdir(), 'fuzz-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>cabinet</title>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  ctx = await createTestApp(
    {
      WEB_DIST_DIR: dist,
      // The fuzz is one client sending thousands of requests: limits would stop it before
      // the code under test. Nothing listens on port 9: the sandbox's webhook fails fast.
      RATE_LIMIT_ACCOUNT_MAX: '1000000',
      RATE_LIMIT_WEBHOOK_MAX: '1000000',
      RATE_LIMIT_CSP_REPORT_MAX: '1000000',
      PAYMENT_SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:9/api/payment/webhook/sandbox',
    },
    undefined,
    undefined,
    (route) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD' && method !== 'OPTIONS')
          routes.push({ method, url: route.url, schema: route.schema });
    },
  );
});
afterAll(async () => ctx.close());

/** Valid requests of the routes that need more than `{}`: the fuzz varies one part at a time. */
const seedsFor = async (): Promise<{ seeds: Record<string, Seed>; token: string }> => {
  // The operator's catalogue (idempotent upsert): real tariff, country and location ids.
  await loadShop(ctx.database.db);
  const user = await verifiedUser(ctx);
  const auth = bearer(user.token);
  const get = async <T>(url: string) =>
    (await ctx.app.inject({ method: 'GET', url, headers: auth })).json<T>();

  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/payment/create',
    headers: auth,
    payload: { amount: 50, type: 5 },
  });
  const checkout = new URL(created.json<{ url: string }>().url);
  const paymentId = checkout.pathname.split('/').pop() ?? '';
  const checkoutQuery = Object.fromEntries(checkout.searchParams);
  const notifications = await get<{ data: { id: string }[] }>('/api/profile/notifications');
  const dynamic = await get<{ data: { id: number }[] }>('/api/tariffs?type=1');
  const unlim = await get<{ data: { id: number }[] }>('/api/unlim/tariffs');
  const locations = await get<{ data: { id: number }[] }>('/api/unlim/locations');
  const countries = await get<{ data: { id: number }[] }>('/api/isp/countries');
  const countryId = countries.data[0]?.id ?? 1;
  const isp = await get<{ data: { id: number; ports: number }[] }>(
    `/api/isp/countries/${countryId}/tariffs`,
  );
  const sandboxSecret = sandboxSecretOf(ctx.config);
  const list = { page: '1', per_page: '10', sort: 'created_at', direction: 'desc' };

  const seeds: Record<string, Seed> = {
    'POST /api/register': {
      body: {
        name: 'Tester',
        email: user.email,
        ...PASSWORD_PAIR,
        terms_checkbox: true,
        ref: null,
        locale: 'en',
      },
    },
    'POST /api/userlogin': { body: { email: user.email, password: 'password-123' } },
    'POST /api/email/verify': { body: { email: user.email } },
    'POST /api/forgot-password': { body: { email: user.email } },
    'POST /api/reset-password': {
      body: { email: user.email, token: 'x'.repeat(43), ...PASSWORD_PAIR },
    },
    'POST /api/update-password': { body: { current_password: 'password-123', ...PASSWORD_PAIR } },
    'GET /api/email/verify/confirm': { query: { token: 'x'.repeat(43) } },
    'GET /api/google/redirect': { query: { ref: 'abc' } },
    'POST /api/profile': { body: { name: 'Tester', telegram: '@tester', locale: 'en' } },
    'GET /api/profile/notifications': { query: { per_page: '10' } },
    'PATCH /api/profile/notifications/:id/read': {
      params: { id: notifications.data[0]?.id ?? '' },
    },
    'POST /api/payment/create': { body: { amount: 50, type: 3, network: 'USDT-TRC20' } },
    'GET /api/profile/payments': { query: { ...list, 'filters[status]': '1' } },
    'GET /api/profile/transactions': { query: { ...list, 'filters[type]': 'payment' } },
    'GET /api/profile/referrals': { query: list },
    'GET /api/profile/withdrawals': { query: { ...list, 'filters[status]': 'waiting' } },
    'POST /api/profile/transfer-referral-balance': { body: { amount: 1 } },
    'POST /api/profile/withdrawals': {
      body: { amount: 100, address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
    },
    'POST /api/payment/webhook/:provider': {
      params: { provider: 'sandbox' },
      body: {
        id: `sbx_${paymentId}`,
        payment_id: paymentId,
        status: 'failed',
        amount: '50.00',
        currency: 'USD',
      },
      sign: (payload) => ({
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(
          sandboxSecret,
          payload,
          Math.floor(Date.now() / 1000),
        ),
      }),
    },
    'GET /api/payment/sandbox/:id': { params: { id: paymentId }, query: checkoutQuery },
    'POST /api/payment/sandbox/:id/:action': {
      params: { id: paymentId, action: 'fail' },
      query: checkoutQuery,
      contentType: 'application/x-www-form-urlencoded',
    },
    'GET /api/tariffs': { query: { type: '1' } },
    'GET /api/isp/countries/:id/tariffs': { params: { id: String(countryId) } },
    'POST /api/tariff/buy': { body: { tariff_id: dynamic.data[0]?.id ?? 1, promo: 'PROMO' } },
    'POST /api/tariff/buy-unlim': {
      body: {
        tariff_id: unlim.data[0]?.id ?? 1,
        location_id: locations.data[0]?.id ?? 1,
        promo: 'PROMO',
      },
    },
    'POST /api/tariff/buy-isp': {
      body: {
        country_id: countryId,
        period: 30,
        tariff_id: isp.data[0]?.id ?? 1,
        quantity: isp.data[0]?.ports ?? 1,
        ip: '192.0.2.1',
        socks: true,
        promo: 'PROMO',
      },
    },
    'GET /api/tariff/:tariffId/check-coupon/:code': {
      params: { tariffId: String(dynamic.data[0]?.id ?? 1), code: 'PROMO' },
      query: { period: '30' },
    },
    'GET /api/packages/:id': { params: { id: '1' } },
    'POST /api/csp-report': {
      body: { 'csp-report': { 'document-uri': 'http://cabinet.test/', 'blocked-uri': 'inline' } },
      contentType: 'application/csp-report',
    },
    'GET /locales/:lng/:ns': { params: { lng: 'en', ns: 'base.json' } },
  };
  return { seeds, token: user.token };
};

/** Runs `tasks` with at most `limit` in flight (the app is one process: a few overlap well). */
const runPool = async <T>(items: T[], limit: number, task: (item: T) => Promise<void>) => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await task(item);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
};

describe('fuzz of every route', () => {
  it('answers no hostile request with 5xx, and every refusal in the error shape', async () => {
    const { seeds, token } = await seedsFor();
    expect(routes.length).toBeGreaterThan(35);
    // Logout last: it ends the session every other route's requests carry.
    const ordered = [...routes].sort(
      (a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'),
    );
    const failures: string[] = [];
    const misshapen: string[] = [];
    let sent = 0;
    for (const route of ordered) {
      const cases = casesFor(route, seeds[`${route.method} ${route.url}`] ?? {}, bearer(token));

      await runPool(cases, 4, async (fuzz) => {
        const response = await ctx.app.inject({
          method: fuzz.method as 'GET',
          url: fuzz.url,
          headers: fuzz.headers,
          ...(fuzz.payload !== undefined ? { payload: fuzz.payload } : {}),
        });
        sent += 1;
        const label = `${fuzz.method} ${fuzz.url.slice(0, 120)} ${
          typeof fuzz.payload === 'string' ? fuzz.payload.slice(0, 120) : ''
        }`;
        if (response.statusCode >= 500)
          failures.push(`${response.statusCode} ${label} -> ${response.body.slice(0, 200)}`);
        else if (
          response.statusCode >= 400 &&
          !apiErrorSchema.safeParse(safeJson(response.body)).success
        )
          misshapen.push(`${response.statusCode} ${label} -> ${response.body.slice(0, 200)}`);
      });
    }
    console.info(`fuzz: ${sent} requests over ${routes.length} routes, ${failures.length} 5xx`);
    expect(sent).toBeGreaterThan(7000);
    expect(failures).toEqual([]);
    expect(misshapen).toEqual([]);
    // Every route added adds its cases (package changes alone about 1,300): room on a busy machine.
  }, 300_000);
});

describe('control characters in text fields', () => {
  it('a NUL or a lone surrogate in a body or query field is a 422 error on that field', async () => {
    await loadShop(ctx.database.db);
    const user = await verifiedUser(ctx);
    const auth = bearer(user.token);
    const fresh = { email: `fresh-${user.id}@example.test`, ...PASSWORD_PAIR };
    const register = { name: 'Tester', terms_checkbox: true, ...fresh };
    const cases: { url: string; method?: 'GET' | 'POST'; payload?: object; field: string }[] = [
      { url: '/api/register', payload: { ...register, name: 'Te\u0000ster' }, field: 'name' },
      { url: '/api/register', payload: { ...register, name: 'Te\ud800ster' }, field: 'name' },
      { url: '/api/register', payload: { ...register, ref: 'abc\u0000' }, field: 'ref' },
      {
        url: '/api/register',
        payload: { ...register, email: 'a\u0000@example.test' },
        field: 'email',
      },
      {
        url: '/api/userlogin',
        payload: { email: '\u0000@example.test', password: 'password-123' },
        field: 'email',
      },
      { url: '/api/forgot-password', payload: { email: 'x\u0000@example.test' }, field: 'email' },
      { url: '/api/profile', payload: { name: 'Tester\u0000' }, field: 'name' },
      { url: '/api/profile', payload: { telegram: '@tg\u0000' }, field: 'telegram' },
      { url: '/api/tariff/buy', payload: { tariff_id: 1, promo: 'PRO\u0000MO' }, field: 'promo' },
      {
        url: '/api/profile/withdrawals',
        payload: { amount: 100, address: 'T\u0000' },
        field: 'address',
      },
      {
        url: '/api/payment/create',
        payload: { amount: 50, type: 3, network: 'BTC\u0000' },
        field: 'network',
      },
      { url: '/api/profile/notifications?cursor=a%00b', method: 'GET', field: 'cursor' },
    ];
    for (const { url, method = 'POST', payload, field } of cases) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: auth,
        ...(payload ? { payload } : {}),
      });
      const label = `${url} ${JSON.stringify(payload)}`;
      expect(response.statusCode, label).toBe(422);
      const body = response.json<{ code: string; errors?: Record<string, string[]> }>();
      expect(body.code, label).toBe('VALIDATION_FAILED');
      expect(body.errors?.[field], label).toContain(CONTROL_CHARACTERS_MESSAGE);
    }
    // A path parameter that does not fit names no resource: 404, as for any malformed id.
    const coupon = await ctx.app.inject({
      method: 'GET',
      url: '/api/tariff/1/check-coupon/PRO%00MO',
      headers: auth,
    });
    expect(coupon.statusCode).toBe(404);
    expect(coupon.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
