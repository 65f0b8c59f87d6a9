import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STICKY_ID_RANGE } from '@proxy/contract';
import {
  createTestApp,
  useScratchDatabase,
  type Registered,
  type TestContext,
} from '../../../test/helpers.ts';
import {
  hasInkBetween,
  parseCsv,
  pdfLayoutLines,
  pdfText,
  renderFirstPage,
} from '../../../test/exports.ts';
import { LOGIN_PROXY_LIST, insertLocationExits } from '../../../test/proxy-lists.ts';
import { customerWhoBought } from '../../../test/shop.ts';
import { loadCatalogue } from '../catalogue/catalogue.loader.ts';
import { setPackageColumns } from '../../../test/packages.ts';
import { revealPackagePassword } from '../packages/credentials.ts';
import { uniqueSessionIds } from './proxy-lines.ts';
import { packageRow } from '../../../../../packages/db/test/package-row.ts';

const PORTS = { first: 30_000, last: 30_019 };
const HOST = 'proxy.test';

type ErrorBody = { code: string; errors?: Record<string, string[]> };
type Page = {
  data: {
    id: number;
    name: string;
    geo: { country: string }[];
    login: string | null;
    port_start: number | null;
    ports: number;
  }[];
  meta: { total: number };
};

/** Exits, and so the locations offered, are global to a database: this file has its own. */
describe('proxy lists and the generator', () => {
  const own = useScratchDatabase('cabinet_proxy_lists', { migrate: true });
  let ctx: TestContext;
  let owner: Registered;
  let packageId: number;
  let password: string;
  let login: string;

  beforeAll(async () => {
    ctx = await createTestApp({
      DATABASE_URL: own.scratch.url,
      GATEWAY_LIST_PORTS: `${PORTS.first}-${PORTS.last}`,
      GATEWAY_PUBLIC_HOST: HOST,
      GATEWAY_HTTP_PORT: '8080',
      GATEWAY_SOCKS_PORT: '1080',
    });
    await loadCatalogue(ctx.database.db);
    await insertLocationExits(ctx.database.db);
    const bought = await activeCustomer('base-1gb');
    owner = bought.user;
    packageId = bought.packageId;
    const row = await ctx.database.db
      .selectFrom('packages')
      .select(['login', 'password_encrypted'])
      .where('id', '=', packageId)
      .executeTakeFirstOrThrow();
    password = revealPackagePassword(ctx.config.DATA_ENCRYPTION_KEY, row);
    login = row.login;
  });
  afterAll(async () => ctx.close());

  /** A customer with an active package of the tariff `key` (provisioning done at once). */
  const activeCustomer = async (key: string) => {
    const bought = await customerWhoBought(ctx, key);
    await setPackageColumns(ctx.database.db, bought.packageId, { status: 'active' });
    return bought;
  };

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    token = owner.token,
  ) => ctx.api.request(method, url, { token, ...(payload ? { payload } : {}) });

  const loginList = LOGIN_PROXY_LIST;
  const ipList = { ...loginList, name: 'Office', auth_type: 1, white_list: '127.0.0.1' };

  const create = async (body: Record<string, unknown>, id = packageId, token = owner.token) =>
    call('POST', `/api/packages/${id}/proxy-lists`, body, token);
  const createOk = async (body: Record<string, unknown>) => {
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<{ success: boolean; list_id: number }>();
    expect(created.success).toBe(true);
    return created.list_id;
  };
  const packageKey = async (id = packageId) => (await packageRow(ctx.database.db, id)).package_key;
  const contents = async (listId: number, name: string, token = owner.token) =>
    call(
      'GET',
      `/api/proxy-list/${await packageKey()}/${listId}/${encodeURIComponent(name)}`,
      undefined,
      token,
    );
  const linesOf = async (listId: number, name: string) => {
    const response = await contents(listId, name);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ success: boolean; message: string; list: string[] }>().list;
  };
  const listRow = async (listId: number) => {
    const row = await ctx.database.db
      .selectFrom('proxy_lists')
      .selectAll()
      .where('id', '=', listId)
      .executeTakeFirstOrThrow();
    return row;
  };

  it('offers only what active exits serve: presets, countries in en and ru, regions, cities, ISPs', async () => {
    const countries = await call('GET', '/api/proxy-lists/locations/countries');
    expect(countries.statusCode).toBe(200);
    expect(countries.json()).toEqual({
      presets: ['custom', 'world-mix', 'europe', 'north-america'],
      countries: [
        { code: 'FR', name: { en: 'France', ru: 'Франция' } },
        { code: 'DE', name: { en: 'Germany', ru: 'Германия' } },
        { code: 'US', name: { en: 'United States of America', ru: 'США' } },
      ],
    });
    const data = async (url: string) => {
      const response = await call('GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { code: string; name: string }[] }>().data;
    };
    expect(await data('/api/proxy-lists/locations/regions?country=de')).toEqual([
      { code: 'bavaria', name: 'Bavaria' },
    ]);
    expect(await data('/api/proxy-lists/locations/cities?country=DE')).toEqual([
      { code: 'berlin', name: 'Berlin' },
      { code: 'munich', name: 'Munich' },
    ]);
    expect(await data('/api/proxy-lists/locations/cities?country=DE&region=bavaria')).toEqual([
      { code: 'munich', name: 'Munich' },
    ]);
    expect(await data('/api/proxy-lists/locations/isps?country=DE&city=berlin')).toEqual([
      { code: 'Vodafone', name: 'Vodafone' },
    ]);
    // The switched-off Tokyo exit is offered nowhere.
    expect(await data('/api/proxy-lists/locations/cities?country=JP')).toEqual([]);
    expect((await call('GET', '/api/proxy-lists/locations/regions?country=XX')).statusCode).toBe(
      422,
    );
    expect(
      (await call('GET', '/api/proxy-lists/locations/countries', undefined, '')).statusCode,
    ).toBe(401);

    const premium = await ctx.api.request('GET', '/api/premium/locations', {
      token: owner.token,
      language: 'ru',
    });
    expect(premium.json<{ data: unknown[] }>().data).toEqual([
      {
        id: 276,
        iso2: 'DE',
        name: 'Германия',
        cities: [
          { code: 'berlin', name: 'Berlin' },
          { code: 'munich', name: 'Munich' },
        ],
      },
      {
        id: 840,
        iso2: 'US',
        name: 'США',
        cities: [{ code: 'new-york', name: 'New York' }],
      },
      { id: 250, iso2: 'FR', name: 'Франция', cities: [{ code: 'paris', name: 'Paris' }] },
    ]);
  });

  it('a login list: sessions of its own 20-character login on the shared ports, in each format', async () => {
    const id = await createOk(loginList);
    const row = await listRow(id);
    expect(row.login).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(row.port_start).toBeNull();
    expect(await linesOf(id, 'Shop1')).toEqual(
      [1, 2, 3].map((i) => `${HOST}:8080:${row.login}_s_${i}:${password}`),
    );

    const formats = [
      (i: number) => `${row.login}_s_${i}:${password}@${HOST}:8080`,
      (i: number) => `http://${row.login}_s_${i}:${password}@${HOST}:8080`,
      (i: number) => `socks5://${row.login}_s_${i}:${password}@${HOST}:1080`,
    ];
    for (const [index, line] of formats.entries()) {
      const other = await createOk({
        ...loginList,
        name: `F${index}`,
        proxy_format: index + 1,
        ports_count: 2,
      });
      const otherLogin = (await listRow(other)).login ?? '';
      expect(await linesOf(other, `F${index}`)).toEqual(
        [1, 2].map((i) => line(i).replace(row.login ?? '', otherLogin)),
      );
    }
    // Every request rotates: no session, the same line per entry.
    const rotating = await createOk({
      ...loginList,
      name: 'Rot',
      rotation_period: 0,
      ports_count: 2,
    });
    const rotatingLogin = (await listRow(rotating)).login ?? '';
    expect(await linesOf(rotating, 'Rot')).toEqual(
      Array(2).fill(`${HOST}:8080:${rotatingLogin}:${password}`),
    );
  });

  it('IP lists: consecutive blocks of the configured range, kept apart under concurrency, a full range refused', async () => {
    const first = await createOk({ ...ipList, ports_count: 5 });
    expect(await listRow(first)).toMatchObject({
      port_start: PORTS.first,
      login: null,
      white_list: ['127.0.0.1'],
    });
    expect(await linesOf(first, 'Office')).toEqual(
      [0, 1, 2, 3, 4].map((i) => `${HOST}:${PORTS.first + i}`),
    );

    // Three at once: three disjoint blocks after the first.
    const racing = await Promise.all(
      [4, 4, 4].map((ports, index) =>
        create({ ...ipList, name: `Race${index}`, ports_count: ports, proxy_format: 2 }),
      ),
    );
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const starts = await Promise.all(
      racing.map(
        async (r) => (await listRow(r.json<{ list_id: number }>().list_id)).port_start ?? 0,
      ),
    );
    expect([...starts].sort((a, b) => a - b)).toEqual([30_005, 30_009, 30_013]);
    // 3 ports left (30017-30019): 4 do not fit.
    const full = await create({ ...ipList, ports_count: 4 });
    expect(full.statusCode).toBe(409);
    expect(full.json<ErrorBody>().code).toBe('LIST_PORTS_EXHAUSTED');
    const last = await createOk({ ...ipList, name: 'Last', ports_count: 3, proxy_format: 1 });
    expect(await linesOf(last, 'Last')).toEqual(
      [17, 18, 19].map((i) => `http://${HOST}:${PORTS.first + i}`),
    );

    // A deleted list frees its block for the next one.
    expect(
      (await call('DELETE', `/api/packages/${packageId}/proxy-lists/${first}`)).statusCode,
    ).toBe(200);
    const again = await createOk({ ...ipList, name: 'Again', ports_count: 5 });
    expect((await listRow(again)).port_start).toBe(PORTS.first);
    expect((await create({ ...ipList, ports_count: 1 })).statusCode).toBe(409);
  });

  it('refuses each rule of the form with its field key, in the request language', async () => {
    const errorsOf = async (body: Record<string, unknown>) => {
      const response = await create(body);
      expect(response.statusCode, response.body).toBe(422);
      return response.json<ErrorBody>().errors ?? {};
    };
    expect((await errorsOf({ ...loginList, name: 'my list' })).name).toEqual([
      'The name may contain only letters and digits.',
    ]);
    expect((await errorsOf({ ...loginList, name: '' })).name).toHaveLength(1);
    const ports: [unknown, string][] = [
      ['ten', 'The number of ports must be a number.'],
      [2.5, 'The number of ports must be a whole number.'],
      [0, 'The number of ports must be greater than 0.'],
      [1001, 'At most 1000 ports per list.'],
    ];
    for (const [value, text] of ports)
      expect((await errorsOf({ ...loginList, ports_count: value })).ports_count).toEqual([text]);
    expect((await errorsOf({ ...ipList, white_list: '' })).white_list).toEqual([
      'Enter a valid IPv4 address.',
    ]);
    expect((await errorsOf({ ...ipList, white_list: '10.0.0.300' })).white_list).toEqual([
      'Enter a valid IPv4 address.',
    ]);
    const ru = await ctx.api.request('POST', `/api/packages/${packageId}/proxy-lists`, {
      token: owner.token,
      language: 'ru',
      payload: { ...loginList, ports_count: 1001 },
    });
    expect(ru.json<ErrorBody>().errors?.ports_count).toEqual(['Не более 1000 портов в списке.']);
    expect(
      Object.keys(
        await errorsOf({
          ...loginList,
          rotation_period: 5,
          proxy_format: 7,
          location_preset: 'mars',
        }),
      ).sort(),
    ).toEqual(['location_preset', 'proxy_format', 'rotation_period']);
    expect(Object.keys(await errorsOf({ ...ipList, proxy_format: 3 }))).toEqual(['proxy_format']);
  });

  it('refuses a location no active exit serves', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const response = await create(body);
      expect(response.statusCode, response.body).toBe(422);
      const error = response.json<ErrorBody>();
      expect(error.code).toBe('LOCATION_NOT_SERVED');
      return Object.keys(error.errors ?? {});
    };
    expect(await refused({ ...loginList, location_preset: 'asia' })).toEqual(['location_preset']);
    const custom = (fields: Record<string, unknown>) =>
      refused({ ...loginList, location_preset: 'custom', ...fields });
    expect(await custom({ countries: ['JP'] })).toEqual(['countries']);
    expect(await custom({ countries: ['FR'], region: 'bavaria' })).toEqual(['region']);
    expect(await custom({ countries: ['DE'], region: 'bavaria', city: 'berlin' })).toEqual([
      'city',
    ]);
    expect(await custom({ countries: ['DE'], city: 'berlin', isp: 'Telekom' })).toEqual(['isp']);
    const id = await createOk({
      ...loginList,
      name: 'Munich',
      location_preset: 'custom',
      countries: ['de'],
      region: 'Bavaria',
      city: 'munich',
      isp: 'Telekom',
    });
    expect(await listRow(id)).toMatchObject({
      countries: ['DE'],
      region: 'bavaria',
      city: 'munich',
      isp: 'Telekom',
    });
  });

  it("lists a package's lists: searched, sorted, paged, with their geo", async () => {
    const { user, packageId: id } = await activeCustomer('base-1gb');
    const make = async (name: string, extra: Record<string, unknown> = {}) => {
      const response = await create({ ...loginList, name, ...extra }, id, user.token);
      expect(response.statusCode, response.body).toBe(200);
    };
    await make('Alpha');
    await make('Beta2', { location_preset: 'world-mix' });
    await make('Gamma', { location_preset: 'custom', countries: ['US'] });
    const page = async (query: string) => {
      const response = await call(
        'GET',
        `/api/packages/${id}/proxy-lists?${query}`,
        undefined,
        user.token,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Page>();
    };
    const newest = await page('');
    expect(newest.data.map((l) => l.name)).toEqual(['Gamma', 'Beta2', 'Alpha']);
    expect(newest.meta.total).toBe(3);
    expect(newest.data.map((l) => l.geo.map((g) => g.country))).toEqual([
      ['US'],
      ['DE', 'FR', 'US'],
      ['DE', 'FR'],
    ]);
    expect((await page('sort=name&direction=asc')).data.map((l) => l.name)).toEqual([
      'Alpha',
      'Beta2',
      'Gamma',
    ]);
    expect((await page('search=ETA')).data.map((l) => l.name)).toEqual(['Beta2']);
    const paged = await page('per_page=10&page=2');
    expect(paged).toMatchObject({ data: [], meta: { total: 3 } });
    expect(
      (await call('GET', `/api/packages/${id}/proxy-lists?sort=login`, undefined, user.token))
        .statusCode,
    ).toBe(422);
  });

  it('renames and deletes; contents follow the current name', async () => {
    const id = await createOk({ ...loginList, name: 'Old' });
    const url = `/api/packages/${packageId}/proxy-lists/${id}`;
    expect((await call('PATCH', url, { name: 'bad name' })).statusCode).toBe(422);
    expect((await call('PATCH', url, { name: 'New1' })).json()).toEqual({ success: true });
    expect((await contents(id, 'Old')).statusCode).toBe(404);
    expect(await linesOf(id, 'New1')).toHaveLength(3);
    expect((await call('DELETE', url)).json()).toEqual({ success: true });
    expect((await contents(id, 'New1')).statusCode).toBe(404);
    expect((await call('DELETE', url)).statusCode).toBe(404);
  });

  it("another user's package or list is 404 everywhere; families without lists and inactive packages are refused", async () => {
    const id = await createOk({ ...loginList, name: 'Mine' });
    const stranger = await activeCustomer('base-1gb');
    const token = stranger.user.token;
    const statuses = [
      (await create(loginList, packageId, token)).statusCode,
      (await call('GET', `/api/packages/${packageId}/proxy-lists`, undefined, token)).statusCode,
      (
        await call(
          'PATCH',
          `/api/packages/${packageId}/proxy-lists/${id}`,
          { name: 'Theirs' },
          token,
        )
      ).statusCode,
      (await call('DELETE', `/api/packages/${packageId}/proxy-lists/${id}`, undefined, token))
        .statusCode,
      (await contents(id, 'Mine', token)).statusCode,
      (
        await call(
          'POST',
          `/api/packages/${packageId}/proxy-generator`,
          { protocols: 'http', type: 'rotating', proxy_count: 1, format: 0 },
          token,
        )
      ).statusCode,
      // The stranger's own package does not reach the owner's list either.
      (
        await call(
          'DELETE',
          `/api/packages/${stranger.packageId}/proxy-lists/${id}`,
          undefined,
          token,
        )
      ).statusCode,
    ];
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect((await listRow(id)).name).toBe('Mine');

    const premium = await activeCustomer('premium-1gb');
    expect((await create(loginList, premium.packageId, premium.user.token)).statusCode).toBe(404);
    await setPackageColumns(ctx.database.db, stranger.packageId, { status: 'empty' });
    const inactive = await create(loginList, stranger.packageId, token);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json<ErrorBody>().code).toBe('PACKAGE_NOT_ACTIVE');
  });

  describe('exports', () => {
    const download = (url: string, language?: 'en' | 'ru') =>
      ctx.api.request('GET', url, { token: owner.token, ...(language ? { language } : {}) });

    it('one list as txt, csv and pdf, named after the list, lines as printed', async () => {
      const id = await createOk({ ...loginList, name: 'Список1', ports_count: 4 });
      const lines = await linesOf(id, 'Список1');
      const key = await packageKey();
      const url = (type: string) =>
        `/api/export/proxy-list/${type}/${key}/${id}/${encodeURIComponent('Список1')}`;

      const txt = await download(url('txt'));
      expect(txt.statusCode, txt.body).toBe(200);
      expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(txt.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('Список1.txt')}`,
      );
      expect(txt.body).toBe(lines.map((line) => `${line}\n`).join(''));

      const csv = await download(url('csv'), 'ru');
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(parseCsv(csv.rawPayload)).toEqual([['Прокси'], ...lines.map((line) => [line])]);

      const pdf = await download(url('pdf'));
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('Список1');
      for (const line of lines) expect(text).toContain(line);
      // Read top down: the title, then the proxies in order; the page is inked from the top.
      expect(await pdfLayoutLines(pdf.rawPayload)).toEqual(['Список1', ...lines]);
      const page = await renderFirstPage(pdf.rawPayload);
      expect(hasInkBetween(page, 0, 0.06)).toBe(true);
      expect(hasInkBetween(page, 0.25, 1)).toBe(false);

      // A foreign, unknown or renamed list, and an unknown format: 404.
      const stranger = await activeCustomer('base-1gb');
      const foreign = await ctx.api.request('GET', url('txt'), {
        token: stranger.user.token,
      });
      expect(foreign.statusCode).toBe(404);
      expect(
        (await download(url('txt').replace(encodeURIComponent('Список1'), 'Other'))).statusCode,
      ).toBe(404);
      expect((await download(url('xlsx'))).statusCode).toBe(404);
    });

    it('several lists in one report.{format}, from the indexed lists[] query', async () => {
      const first = await createOk({ ...loginList, name: 'RepA', ports_count: 2 });
      const second = await createOk({
        ...loginList,
        name: 'RepB',
        ports_count: 3,
        proxy_format: 1,
      });
      const key = await packageKey();
      const query = (format: string, lists: { id: number; name: string }[]) =>
        `/api/export/proxy-lists?format=${format}&` +
        lists
          .map(
            (list, i) =>
              `lists[${i}][id]=${list.id}&lists[${i}][name]=${list.name}&lists[${i}][package_key]=${key}`,
          )
          .join('&');
      const lists = [
        { id: first, name: 'RepA' },
        { id: second, name: 'RepB' },
      ];
      const expected = [
        ...(await linesOf(first, 'RepA')).map((line) => [line, 'RepA']),
        ...(await linesOf(second, 'RepB')).map((line) => [line, 'RepB']),
      ];
      const csv = await download(query('csv', lists));
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-disposition']).toContain('filename="report.csv"');
      expect(parseCsv(csv.rawPayload)).toEqual([['Proxy', 'List'], ...expected]);
      const txt = await download(query('txt', lists));
      expect(txt.body).toBe(
        ['Proxy\tList', ...expected.map((row) => row.join('\t'))].map((l) => `${l}\n`).join(''),
      );
      const pdf = await download(query('pdf', lists));
      expect(pdf.headers['content-disposition']).toContain('filename="report.pdf"');
      const text = await pdfText(pdf.rawPayload);
      for (const [line] of expected) expect(text).toContain(line);
      expect(await pdfLayoutLines(pdf.rawPayload)).toEqual([
        'Proxy lists',
        'Proxy List',
        ...expected.map((row) => row.join(' ')),
      ]);
      const page = await renderFirstPage(pdf.rawPayload);
      expect(hasInkBetween(page, 0, 0.06)).toBe(true);
      expect(hasInkBetween(page, 0.06, 0.1)).toBe(true);
      expect(hasInkBetween(page, 0.25, 1)).toBe(false);

      // Any list that is not the caller's (or renamed) refuses the whole report; none is 422.
      expect(
        (await download(query('txt', [...lists, { id: second, name: 'Gone' }]))).statusCode,
      ).toBe(404);
      expect((await download('/api/export/proxy-lists?format=txt')).statusCode).toBe(422);
      expect((await download(query('docx', lists))).statusCode).toBe(422);
    });
  });

  describe('generator', () => {
    const generate = (body: Record<string, unknown>, id = packageId) =>
      call('POST', `/api/packages/${id}/proxy-generator`, body);
    const linesFrom = async (body: Record<string, unknown>, id = packageId) => {
      const response = await generate(body, id);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ success: boolean; list: string[] }>().list;
    };

    it('rotating lines in both formats, spread over countries and cities', async () => {
      const rotating = (body: Record<string, unknown>) => linesFrom({ type: 'rotating', ...body });
      expect(await rotating({ protocols: 'http', proxy_count: 2, format: 0 })).toEqual([
        `${HOST}:8080:${login}:${password}`,
        `${HOST}:8080:${login}:${password}`,
      ]);
      expect(
        await rotating({ protocols: 'socks5', proxy_count: 3, format: 1, countries: ['de', 'FR'] }),
      ).toEqual([
        `${login}_c_de:${password}@${HOST}:1080`,
        `${login}_c_fr:${password}@${HOST}:1080`,
        `${login}_c_de:${password}@${HOST}:1080`,
      ]);
      expect(
        await rotating({
          protocols: 'http',
          proxy_count: 2,
          format: 0,
          countries: ['DE', 'US'],
          cities: ['munich', 'New York'],
        }),
      ).toEqual([
        `${HOST}:8080:${login}_c_de_city_munich:${password}`,
        `${HOST}:8080:${login}_c_us_city_new-york:${password}`,
      ]);
    });

    it('sticky lines: unique 6-digit sessions with the lifetime as ttl, up to 99999 of them', async () => {
      const lines = await linesFrom({
        protocols: 'http',
        type: 'sticky',
        timespan: 3600,
        lifetime: 2,
        proxy_count: 99_999,
        format: 0,
      });
      expect(lines).toHaveLength(99_999);
      const pattern = new RegExp(`^${HOST}:8080:${login}_s_(\\d{6})_ttl_2h:${password}$`);
      const ids = lines.map((line) => pattern.exec(line)?.[1]);
      expect(
        ids.every((sessionId) => sessionId !== undefined && Number(sessionId) >= 100_000),
      ).toBe(true);
      expect(new Set(ids).size).toBe(99_999);
      const minutes = await linesFrom({
        protocols: 'http',
        type: 'sticky',
        timespan: 60,
        lifetime: 90,
        proxy_count: 1,
        format: 1,
        countries: ['US'],
      });
      expect(minutes[0]).toMatch(
        new RegExp(`^${login}_c_us_s_\\d{6}_ttl_90m:${password}@${HOST}:8080$`),
      );
      const day = await linesFrom({
        protocols: 'http',
        type: 'sticky',
        timespan: 86_400,
        lifetime: 1,
        proxy_count: 1,
        format: 0,
      });
      expect(day[0]).toContain('_ttl_24h:');
    });

    it('refuses counts, lifetimes, formats and places out of bounds; more than 900,000 sticky ids is the range error', async () => {
      const fields = async (body: Record<string, unknown>) => {
        const response = await generate({
          protocols: 'http',
          type: 'sticky',
          timespan: 60,
          lifetime: 1,
          proxy_count: 1,
          format: 0,
          ...body,
        });
        expect(response.statusCode, response.body).toBe(422);
        return Object.keys(response.json<ErrorBody>().errors ?? {});
      };
      expect(await fields({ proxy_count: 0 })).toEqual(['proxy_count']);
      expect(await fields({ proxy_count: 100_000 })).toEqual(['proxy_count']);
      expect(await fields({ lifetime: 0 })).toEqual(['lifetime']);
      expect(await fields({ timespan: 86_400, lifetime: 2 })).toEqual(['lifetime']);
      expect(await fields({ format: 2, type: 'fixed', protocols: 'ftp' })).toEqual([
        'protocols',
        'type',
        'format',
      ]);
      expect(await fields({ countries: ['JP'] })).toEqual(['countries']);
      expect(await fields({ countries: ['FR'], cities: ['munich'] })).toEqual(['cities']);
      expect(() => uniqueSessionIds(STICKY_ID_RANGE + 1)).toThrow(RangeError);
      const all = uniqueSessionIds(STICKY_ID_RANGE);
      expect(new Set(all).size).toBe(900_000);
      expect(Math.min(...all.slice(0, 1000))).toBeGreaterThanOrEqual(100_000);
    });

    it('premium and unlimited packages generate too; ISP packages do not', async () => {
      const premium = await activeCustomer('premium-1gb');
      const statusAs = async (type: 'vip' | 'unlim' | 'isp') => {
        await setPackageColumns(ctx.database.db, premium.packageId, { type });
        return (
          await call(
            'POST',
            `/api/packages/${premium.packageId}/proxy-generator`,
            { protocols: 'http', type: 'rotating', proxy_count: 1, format: 0 },
            premium.user.token,
          )
        ).statusCode;
      };
      expect([await statusAs('vip'), await statusAs('unlim'), await statusAs('isp')]).toEqual([
        200, 200, 404,
      ]);
    });
  });
});
