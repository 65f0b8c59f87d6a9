import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SECURITY_SCHEME, HTTP_METHODS, publicApiEndpoints } from '@proxy/contract';
import {
  createTestApp,
  useScratchDatabase,
  verifiedUser,
  type Registered,
  type TestContext,
} from '../../test/helpers.ts';
import { LOGIN_PROXY_LIST, insertLocationExits } from '../../test/proxy-lists.ts';
import { createJsonSchemaValidator } from '../../test/json-schema.ts';
import { meter } from '../../test/packages.ts';
import { creditBalance, loadShop, tariffByKey } from '../../test/shop.ts';

type MediaTypes = Record<string, { schema?: object }>;
type Operation = {
  operationId: string;
  summary: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: MediaTypes }>;
};
type Document = {
  openapi: string;
  info: { title: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
};
type Documented = { method: string; path: string; operation: Operation };

const DOCUMENTED_METHODS = new Set(HTTP_METHODS.map((method) => method.toLowerCase()));

const operationsOf = (document: Document): Documented[] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => DOCUMENTED_METHODS.has(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );

/** `/api/packages/{id}` -> a pattern matching `/api/packages/12`. */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);

/**
 * The OpenAPI document is generated from the contract, and every documented route is
 * called here for real, with the API key, by a customer who owns one package of each family,
 * proxy lists and metered traffic. Each answer is validated against the response schema the
 * document gives for it (JSON Schema 2020-12, Ajv), downloads against its media types; the
 * test fails when the document names a route no call below exercises, so a new public route
 * must come with a call, and a response that leaves its schema fails here before any client.
 */
describe('GET /api/openapi.json: the public API document, checked against real answers', () => {
  const own = useScratchDatabase('cabinet_openapi', { migrate: true });
  let ctx: TestContext;
  let document: Document;
  let operations: Documented[];
  const validate = createJsonSchemaValidator();
  const exercised = new Set<string>();

  beforeAll(async () => {
    ctx = await createTestApp({
      DATABASE_URL: own.scratch.url,
      GATEWAY_LIST_PORTS: '31000-31019',
      GATEWAY_PUBLIC_HOST: 'proxy.test',
    });
    await loadShop(ctx.database.db);
    // Exits make the location lists and the generator answer with data, not empty lists.
    await insertLocationExits(ctx.database.db);
    const response = await ctx.api.request('GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    document = response.json<Document>();
    operations = operationsOf(document);
  });
  afterAll(async () => ctx.close());

  it('is OpenAPI 3.1 with exactly the contract public routes, each behind X-Api-Key', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes[API_KEY_SECURITY_SCHEME]).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
    const documented = operations.map(({ method, path }) => `${method} ${path}`).sort();
    const publicRoutes = publicApiEndpoints()
      .map(({ endpoint }) => `${endpoint.method} /api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    expect(documented).toEqual(publicRoutes);
    for (const { operation } of operations)
      expect(operation.security, operation.operationId).toEqual([
        { [API_KEY_SECURITY_SCHEME]: [] },
      ]);
    // Cabinet-only routes are not in the document.
    expect(document.paths['/api/update-password']).toBeUndefined();
    expect(document.paths['/api/profile/api-key/regenerate']).toBeUndefined();
  });

  it('answers in the request language: every text of the document in Russian for ru', async () => {
    const response = await ctx.api.request('GET', '/api/openapi.json', {
      headers: { 'accept-language': 'ru' },
    });
    expect(response.statusCode).toBe(200);
    const russian = response.json<Document>();
    const cyrillic = /[а-яё]/i;
    expect(russian.info.description).toMatch(cyrillic);
    expect(response.headers.vary).toMatch(/accept-language/i);
    const english = new Map(
      operations.map(({ operation }) => [operation.operationId, operation] as const),
    );
    for (const { operation } of operationsOf(russian)) {
      const { summary } = operation as Operation & { summary: string };
      expect(summary, operation.operationId).toMatch(cyrillic);
      expect(summary).not.toBe(
        (english.get(operation.operationId) as { summary?: string }).summary,
      );
      for (const [status, answer] of Object.entries(
        operation.responses as Record<string, { description: string }>,
      ))
        expect(answer.description, `${operation.operationId} ${status}`).toMatch(cyrillic);
    }
    // The schemas are the same whatever the language.
    expect(
      operationsOf(russian).map(({ operation }) => operation.responses['200']?.content),
    ).toEqual(operations.map(({ operation }) => operation.responses['200']?.content));
    // Without a language asked for, the document is English.
    expect(document.info.description).toMatch(/^The reseller API/);
  });

  describe('every documented route answers as documented', () => {
    let customer: Registered;
    let apiKey: string;

    /**
     * Calls `operationId` with the key, checks that the request really is that operation's
     * method and path, that it succeeded, and that the answer fits the documented response.
     */
    const call = async (
      operationId: string,
      method: string,
      url: string,
      payload?: Record<string, unknown>,
    ): Promise<LightMyRequestResponse> => {
      const documented = operations.find(({ operation }) => operation.operationId === operationId);
      if (!documented) throw new Error(`${operationId} is not documented`);
      expect(method, operationId).toBe(documented.method);
      expect(new URL(url, 'http://x').pathname, operationId).toMatch(pathPattern(documented.path));
      const response = await ctx.api.request(documented.method, url, {
        headers: { 'x-api-key': apiKey },
        ...(payload ? { payload } : {}),
      });
      // The status itself is documented (200 for every public route), not only a range.
      const success = documented.operation.responses[String(response.statusCode)];
      expect(
        success,
        `${operationId}: ${response.statusCode} ${response.body.slice(0, 500)}`,
      ).toBeDefined();
      expect(response.statusCode, operationId).toBeLessThan(300);
      const content = success?.content ?? {};
      // A deletion's 204: documented without a body, and answered without one.
      if (response.statusCode === 204) {
        expect(content, operationId).toEqual({});
        expect(response.rawPayload.length, operationId).toBe(0);
        exercised.add(operationId);
        return response;
      }
      const mediaType = String(response.headers['content-type']).split(';')[0] ?? '';
      expect(Object.keys(content), operationId).toContain(mediaType);
      const schema = content[mediaType]?.schema;
      if (mediaType === 'application/json') {
        if (!schema) throw new Error(`${operationId} documents no JSON schema`);
        expect(validate(schema, response.json()), operationId).toEqual([]);
      } else expect(response.rawPayload.length, operationId).toBeGreaterThan(0);
      exercised.add(operationId);
      return response;
    };

    beforeAll(async () => {
      customer = await verifiedUser(ctx);
      await creditBalance(ctx.database.db, customer.id, 100_000);
      apiKey = (await ctx.api.profile(customer.token)).json<{ user: { api_key: string } }>().user
        .api_key;
    });

    it('calls each documented route with the key and validates each answer', async () => {
      const db = ctx.database.db;
      const idOf = async (key: string) => (await tariffByKey(db, key)).id;
      const country = await db
        .selectFrom('isp_countries')
        .select('id')
        .where('key', '=', 'isp-us')
        .executeTakeFirstOrThrow();
      const location = await db
        .selectFrom('unlim_locations')
        .select('id')
        .where('key', '=', 'de-frankfurt')
        .executeTakeFirstOrThrow();

      await call('profile.getProfile', 'GET', '/api/profile');
      for (const type of [1, 4, 5, 6])
        await call('catalogue.listTariffs', 'GET', `/api/tariffs?type=${type}`);
      await call('catalogue.listIspCountries', 'GET', '/api/isp/countries');
      await call('catalogue.getIspPeriods', 'GET', '/api/isp/periods');
      await call('catalogue.listIspTariffs', 'GET', `/api/isp/countries/${country.id}/tariffs`);
      await call('catalogue.listUnlimTariffs', 'GET', '/api/unlim/tariffs');
      await call('catalogue.listUnlimLocations', 'GET', '/api/unlim/locations');
      const baseTariff = await idOf('base-1gb');
      await call(
        'catalogue.checkCoupon',
        'GET',
        `/api/tariff/${baseTariff}/check-coupon/NOSUCHCODE`,
      );

      const bought = async (operationId: string, url: string, payload: Record<string, unknown>) =>
        (await call(operationId, 'POST', url, payload)).json<{ package_id: number }>().package_id;
      const dynamic = await bought('catalogue.buyDynamic', '/api/tariff/buy', {
        tariff_id: baseTariff,
      });
      const premium = await bought('catalogue.buyDynamic', '/api/tariff/buy', {
        tariff_id: await idOf('premium-1gb'),
      });
      const unlim = await bought('catalogue.buyUnlim', '/api/tariff/buy-unlim', {
        tariff_id: await idOf('unlim-1d-100mbps'),
        location_id: location.id,
      });
      const isp = await bought('catalogue.buyIsp', '/api/tariff/buy-isp', {
        country_id: country.id,
        period: 7,
        tariff_id: await idOf('isp-us-5'),
        quantity: 5,
        ip: '203.0.113.7',
        socks: true,
      });
      // Provisioning is the job queue's; the routes below need running packages.
      await db
        .updateTable('packages')
        .set({ status: 'active' })
        .where('id', 'in', [dynamic, premium, unlim, isp])
        .execute();
      await meter(db, dynamic, 2, 1_000, 9_000);
      const { uuid, package_key: key } = await db
        .selectFrom('packages')
        .select(['uuid', 'package_key'])
        .where('id', '=', dynamic)
        .executeTakeFirstOrThrow();

      await call('packages.listPackages', 'GET', '/api/packages?per_page=10&sort=created_at');
      await call('packages.getPackage', 'GET', `/api/packages/${dynamic}`);
      await call('packages.getPackage', 'GET', `/api/packages/${isp}`);
      await call('packages.getDynamicPackage', 'GET', `/api/packages/dynamic/${dynamic}`);
      await call('packages.getPremiumPackage', 'GET', `/api/packages/vip/${premium}`);
      await call('packages.getIspPackage', 'GET', `/api/packages/isp/${isp}`);
      await call('packages.getUnlimPackage', 'GET', `/api/unlim/packages/${unlim}`);
      await call('packages.getUnlimUsage', 'GET', `/api/unlim/${unlim}/usage`);

      await call('proxyLists.listLocationCountries', 'GET', '/api/proxy-lists/locations/countries');
      await call(
        'proxyLists.listLocationRegions',
        'GET',
        '/api/proxy-lists/locations/regions?country=DE',
      );
      await call(
        'proxyLists.listLocationCities',
        'GET',
        '/api/proxy-lists/locations/cities?country=DE',
      );
      await call(
        'proxyLists.listLocationIsps',
        'GET',
        '/api/proxy-lists/locations/isps?country=DE',
      );
      await call('proxyLists.listPremiumLocations', 'GET', '/api/premium/locations');
      const lists = `/api/packages/${dynamic}/proxy-lists`;
      const created = async (name: string) =>
        (
          await call('proxyLists.createProxyList', 'POST', lists, { ...LOGIN_PROXY_LIST, name })
        ).json<{
          list_id: number;
        }>().list_id;
      const kept = await created('Shop1');
      const dropped = await created('Shop2');
      await call('proxyLists.renameProxyList', 'PATCH', `${lists}/${kept}`, { name: 'Shop3' });
      await call('proxyLists.deleteProxyList', 'DELETE', `${lists}/${dropped}`);
      await call('proxyLists.listProxyLists', 'GET', `${lists}?search=Shop`);
      await call('proxyLists.getProxyListContents', 'GET', `/api/proxy-list/${key}/${kept}/Shop3`);
      await call('proxyLists.generateProxies', 'POST', `/api/packages/${dynamic}/proxy-generator`, {
        protocols: 'http',
        type: 'rotating',
        proxy_count: 2,
        format: 0,
      });
      for (const format of ['txt', 'csv', 'pdf']) {
        await call(
          'proxyLists.exportProxyList',
          'GET',
          `/api/export/proxy-list/${format}/${key}/${kept}/Shop3`,
        );
        await call(
          'proxyLists.exportProxyLists',
          'GET',
          `/api/export/proxy-lists?format=${format}&lists[0][id]=${kept}&lists[0][name]=Shop3&lists[0][package_key]=${key}`,
        );
        await call(
          'statistics.downloadReport',
          'GET',
          `/api/export/statistics/${key}/daily/${format}`,
        );
        await call(
          'statistics.exportIspList',
          'GET',
          `/api/export/proxy-list/isp/${format}/login/${isp}`,
        );
      }

      for (const period of ['daily', 'weekly', 'monthly', 'all']) {
        await call('statistics.getStatisticsByUuid', 'GET', `/api/statistics/${uuid}/${period}`);
        await call(
          'statistics.getStatisticsByKey',
          'GET',
          `/api/orders/statistics/${key}/${period}`,
        );
      }
      const to = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
      const from = new Date(to.getTime() - 24 * 3_600_000);
      await call(
        'statistics.getUsage',
        'GET',
        `/api/statistics/usage/${uuid}?bucket=hour&from=${from.toISOString()}&to=${to.toISOString()}`,
      );
      await call('statistics.getApiTools', 'GET', `/api/api-tools/${key}`);

      const subUsers = `/api/packages/${premium}/sub-users`;
      const subUserOf = async (name: string) =>
        (
          await call('subUsers.createSubUser', 'POST', subUsers, {
            name,
            traffic_limit_bytes: 5_000_000,
            expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          })
        ).json<{ data: { id: number } }>().data.id;
      const subUser = await subUserOf('Client A');
      const spare = await subUserOf('Client B');
      await call('subUsers.updateSubUser', 'PATCH', `${subUsers}/${subUser}`, {
        enabled: false,
        regenerate_password: true,
      });
      await call('subUsers.deleteSubUser', 'DELETE', `${subUsers}/${spare}`);
      await call('subUsers.listSubUsers', 'GET', subUsers);
      await call(
        'subUsers.getSubUserUsage',
        'GET',
        `${subUsers}/${subUser}/usage?bucket=hour&from=${from.toISOString()}&to=${to.toISOString()}`,
      );
    });

    it('refusals fit the documented error shape (another user gets 404, a bad body 422)', async () => {
      const stranger = await verifiedUser(ctx);
      const ownPackage = await ctx.database.db
        .selectFrom('packages')
        .select('id')
        .where('user_id', '=', customer.id)
        .executeTakeFirstOrThrow();
      const strangerKey = (await ctx.api.profile(stranger.token)).json<{
        user: { api_key: string };
      }>().user.api_key;
      const detail = operations.find(({ path }) => path === '/api/packages/{id}');
      const buy = operations.find(({ path }) => path === '/api/tariff/buy');
      if (!detail || !buy) throw new Error('package detail or buy not documented');
      const errorSchemaOf = (operation: Operation) =>
        operation.responses['4XX']?.content?.['application/json']?.schema ?? {};
      const foreign = await ctx.api.request('GET', `/api/packages/${ownPackage.id}`, {
        headers: { 'x-api-key': strangerKey },
      });
      expect(foreign.statusCode).toBe(404);
      expect(validate(errorSchemaOf(detail.operation), foreign.json())).toEqual([]);
      const invalid = await ctx.api.request('POST', '/api/tariff/buy', {
        headers: { 'x-api-key': strangerKey },
        payload: { tariff_id: 'one' },
      });
      expect(invalid.statusCode).toBe(422);
      expect(validate(errorSchemaOf(buy.operation), invalid.json())).toEqual([]);
    });

    it('no documented route was left uncalled', () => {
      const documented = operations.map(({ operation }) => operation.operationId).sort();
      expect([...exercised].sort()).toEqual([...new Set(documented)]);
    });
  });
});
