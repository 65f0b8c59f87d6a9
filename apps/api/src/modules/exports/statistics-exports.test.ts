import { describe, expect, it } from 'vitest';
import type { SubUser } from '@proxy/contract';
import {
  hasInkBetween,
  parseCsv,
  pdfLayoutLines,
  pdfText,
  renderFirstPage,
} from '../../../test/exports.ts';
import { useTestApp, type TestContext } from '../../../test/helpers.ts';
import { creditBalance, customerWhoBought, loadShop, tariffByKey } from '../../../test/shop.ts';
import { meterSubUser } from '../../../test/sub-users.ts';
import { hourAgo, meterHour } from '../../../test/usage.ts';
import { packageRow } from '../../../../../packages/db/test/package-row.ts';

const download = async (ctx: TestContext, token: string, path: string, language?: 'ru') => {
  const response = await ctx.api.request('GET', path, { token, ...(language ? { language } : {}) });
  return response;
};

const packageKeyOf = async (ctx: TestContext, id: number) =>
  (await packageRow(ctx.database.db, id)).package_key;

describe('statistics report download', () => {
  const ctx = useTestApp();

  it('csv, txt and pdf of a period hold its buckets and a total equal to the metered rows', async () => {
    await loadShop(ctx.database.db);
    const { user, packageId } = await customerWhoBought(ctx, 'base-1gb');
    const key = await packageKeyOf(ctx, packageId);
    await meterHour(ctx.database.db, packageId, hourAgo(3), 1_500, 30_000);
    await meterHour(ctx.database.db, packageId, hourAgo(5), 500, 2_000);
    await meterHour(ctx.database.db, packageId, hourAgo(24 * 10), 9_000, 9_000); // monthly only

    const csv = await download(ctx, user.token, `/api/export/statistics/${key}/daily/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('filename="statistics-daily.csv"');
    const rows = parseCsv(csv.body);
    expect(rows[0]).toEqual(['Start (UTC)', 'Upload, bytes', 'Download, bytes', 'Total, bytes']);
    // 24 hours, then the total.
    expect(rows).toHaveLength(1 + 24 + 1);
    const hourRow = (hours: number) => {
      const iso = hourAgo(hours).toISOString();
      return rows.find((row) => row[0] === `${iso.slice(0, 10)} ${iso.slice(11, 16)}`);
    };
    expect(hourRow(3)).toEqual([expect.any(String), '1500', '30000', '31500']);
    expect(hourRow(5)).toEqual([expect.any(String), '500', '2000', '2500']);
    expect(rows.at(-1)).toEqual(['Total', '2000', '32000', '34000']);
    const bucketSum = rows.slice(1, -1).reduce((sum, row) => sum + Number(row[3]), 0);
    expect(bucketSum).toBe(34_000);

    const monthly = parseCsv(
      (await download(ctx, user.token, `/api/export/statistics/${key}/monthly/csv`)).body,
    );
    expect(monthly).toHaveLength(1 + 30 + 1);
    expect(monthly[1]?.[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(monthly.at(-1)).toEqual(['Total', '11000', '41000', '52000']);

    const txt = await download(ctx, user.token, `/api/export/statistics/${key}/weekly/txt`);
    expect(txt.headers['content-disposition']).toContain('filename="statistics-weekly.txt"');
    const lines = txt.body.trimEnd().split('\n');
    expect(lines).toHaveLength(1 + 168 + 1);
    expect(lines.at(-1)).toBe('Total\t2000\t32000\t34000');

    const pdf = await download(ctx, user.token, `/api/export/statistics/${key}/all/pdf`, 'ru');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Отчёт о трафике: всё время`);
    expect(text).toContain(`пакет №${packageId}`);
    expect(text).toMatch(/Итого\s+11000\s+41000\s+52000/);
  });

  it('the pdf reads top down: the title, the header row, the buckets in time order, the total', async () => {
    await loadShop(ctx.database.db);
    const { user, packageId } = await customerWhoBought(ctx, 'base-1gb');
    const key = await packageKeyOf(ctx, packageId);
    await meterHour(ctx.database.db, packageId, hourAgo(3), 1_500, 30_000);

    const pdf = await download(ctx, user.token, `/api/export/statistics/${key}/daily/pdf`);
    expect(pdf.statusCode).toBe(200);
    const lines = await pdfLayoutLines(pdf.rawPayload);
    expect(lines[0]).toMatch(new RegExp(`^Traffic report: .*package #${packageId}$`));
    expect(lines[1]).toBe('Start (UTC) Upload, bytes Download, bytes Total, bytes');
    const buckets = lines.slice(2, -1).map((line) => line.slice(0, 16));
    expect(buckets).toHaveLength(24);
    expect(buckets).toEqual([...buckets].sort());
    expect(lines.at(-1)).toBe('Total 1500 30000 31500');

    // The title band at the top of the page is inked and the short table ends above the middle.
    const page = await renderFirstPage(pdf.rawPayload);
    expect(hasInkBetween(page, 0, 0.06)).toBe(true);
    expect(hasInkBetween(page, 0.06, 0.1)).toBe(true);
    expect(hasInkBetween(page, 0.5, 1)).toBe(false);
  });

  it('after the total, a row per sub-user with its share, in csv, txt and pdf alike', async () => {
    await loadShop(ctx.database.db);
    const { user, packageId } = await customerWhoBought(ctx, 'base-1gb');
    const key = await packageKeyOf(ctx, packageId);
    const create = async (name: string) => {
      const response = await ctx.api.request('POST', `/api/packages/${packageId}/sub-users`, {
        token: user.token,
        payload: { name },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: SubUser }>().data;
    };
    const reseller = await create('R, "A"');
    const idle = await create('Idle');
    const gone = await create('Gone');
    const db = ctx.database.db;
    await meterSubUser(db, { id: reseller.id, packageId }, hourAgo(3), 1_000, 9_000);
    await meterSubUser(db, { id: gone.id, packageId }, hourAgo(4), 20, 30);
    await meterHour(db, packageId, hourAgo(5), 1, 2); // the package's own login
    const removed = await ctx.api.request(
      'DELETE',
      `/api/packages/${packageId}/sub-users/${gone.id}`,
      {
        token: user.token,
      },
    );
    expect(removed.statusCode).toBe(204);
    // The labels in the report's language, as the API's translator has them.
    const label = (sub: SubUser, language: 'en' | 'ru', deleted = false) => {
      const mark = deleted ? 'deleted_sub_user' : 'sub_user';
      return `${ctx.app.translator.t(language, `statistics:export.${mark}`)}: ${sub.name} (${sub.login})`;
    };

    const csv = parseCsv(
      (await download(ctx, user.token, `/api/export/statistics/${key}/daily/csv`)).body,
    );
    expect(csv).toHaveLength(1 + 24 + 1 + 3);
    expect(csv.slice(-4)).toEqual([
      ['Total', '1021', '9032', '10053'],
      [label(reseller, 'en'), '1000', '9000', '10000'],
      [label(gone, 'en', true), '20', '30', '50'],
      [label(idle, 'en'), '0', '0', '0'],
    ]);

    const txt = (await download(ctx, user.token, `/api/export/statistics/${key}/daily/txt`)).body
      .trimEnd()
      .split('\n');
    expect(txt.slice(-3)).toEqual([
      `${label(reseller, 'en')}\t1000\t9000\t10000`,
      `${label(gone, 'en', true)}\t20\t30\t50`,
      `${label(idle, 'en')}\t0\t0\t0`,
    ]);

    const pdf = await download(ctx, user.token, `/api/export/statistics/${key}/daily/pdf`, 'ru');
    const lines = await pdfLayoutLines(pdf.rawPayload);
    expect(lines.slice(-4)).toEqual([
      'Итого 1021 9032 10053',
      `${label(reseller, 'ru')} 1000 9000 10000`,
      `${label(gone, 'ru', true)} 20 30 50`,
      `${label(idle, 'ru')} 0 0 0`,
    ]);
  });

  it("another user's key, an unknown period or format is 404; no session is 401", async () => {
    await loadShop(ctx.database.db);
    const owner = await customerWhoBought(ctx, 'base-1gb');
    const stranger = await customerWhoBought(ctx, 'base-1gb');
    const key = await packageKeyOf(ctx, owner.packageId);
    const status = async (path: string, token = stranger.user.token) =>
      (await ctx.api.request('GET', path, { token })).statusCode;
    expect(await status(`/api/export/statistics/${key}/daily/csv`)).toBe(404);
    expect(await status(`/api/export/statistics/${key}/yearly/csv`, owner.user.token)).toBe(404);
    expect(await status(`/api/export/statistics/${key}/daily/xls`, owner.user.token)).toBe(404);
    expect(
      (await ctx.api.request('GET', `/api/export/statistics/${key}/daily/csv`)).statusCode,
    ).toBe(401);
    expect(await status(`/api/export/statistics/${key}/daily/csv`, owner.user.token)).toBe(200);
  });
});

describe('ISP IP-list export', () => {
  const ctx = useTestApp({ GATEWAY_PUBLIC_HOST: 'proxy.example.net', GATEWAY_HTTP_PORT: '18080' });

  const ispCustomer = async () => {
    await loadShop(ctx.database.db);
    const { user } = await customerWhoBought(ctx, 'base-1gb');
    await creditBalance(ctx.database.db, user.id, 20_000);
    const country = await ctx.database.db
      .selectFrom('isp_countries')
      .select('id')
      .where('key', '=', 'isp-us')
      .executeTakeFirstOrThrow();
    const tariff = await tariffByKey(ctx.database.db, 'isp-us-5');
    const bought = await ctx.api.request('POST', '/api/tariff/buy-isp', {
      token: user.token,
      payload: { country_id: country.id, period: 30, tariff_id: tariff.id, quantity: 5 },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const pkg = await ctx.database.db
      .selectFrom('packages')
      .select(['id', 'login', 'ips'])
      .where('user_id', '=', user.id)
      .where('type', '=', 'isp')
      .executeTakeFirstOrThrow();
    const detail = await ctx.api.request('GET', `/api/packages/${pkg.id}`, { token: user.token });
    const password = detail.json<{ data: { password?: string } }>().data.password;
    return { user, pkg, password };
  };

  it('type login: ip:port:login:password per IP in txt, csv and pdf; type ip: ip:port', async () => {
    const { user, pkg, password } = await ispCustomer();
    expect(pkg.ips).toHaveLength(5);
    expect(password).toMatch(/^[A-Za-z0-9]+$/);

    const txt = await download(ctx, user.token, `/api/export/proxy-list/isp/txt/login/${pkg.id}`);
    expect(txt.statusCode).toBe(200);
    expect(txt.headers['content-disposition']).toContain('filename="isp-list.txt"');
    expect(txt.body).toBe(pkg.ips.map((ip) => `${ip}:18080:${pkg.login}:${password}\n`).join(''));

    const ipOnly = await download(ctx, user.token, `/api/export/proxy-list/isp/txt/ip/${pkg.id}`);
    expect(ipOnly.body).toBe(pkg.ips.map((ip) => `${ip}:18080\n`).join(''));

    const csv = await download(ctx, user.token, `/api/export/proxy-list/isp/csv/login/${pkg.id}`);
    expect(csv.headers['content-disposition']).toContain('filename="isp-list.csv"');
    expect(parseCsv(csv.body)).toEqual([
      ['IP', 'Port', 'Login', 'Password'],
      ...pkg.ips.map((ip) => [ip, '18080', pkg.login, password]),
    ]);

    const pdf = await download(ctx, user.token, `/api/export/proxy-list/isp/pdf/ip/${pkg.id}`);
    expect(pdf.headers['content-disposition']).toContain('filename="isp-list.pdf"');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`ISP IP list, package #${pkg.id}`);
    for (const ip of pkg.ips)
      expect(text).toMatch(new RegExp(`${ip.replaceAll('.', '\\.')}\\s+18080`));

    const loginPdf = await download(
      ctx,
      user.token,
      `/api/export/proxy-list/isp/pdf/login/${pkg.id}`,
    );
    const lines = await pdfLayoutLines(loginPdf.rawPayload);
    expect(lines).toEqual([
      `ISP IP list, package #${pkg.id}`,
      'IP Port Login Password',
      ...pkg.ips.map((ip) => `${ip} 18080 ${pkg.login} ${password}`),
    ]);
    const page = await renderFirstPage(loginPdf.rawPayload);
    expect(hasInkBetween(page, 0, 0.06)).toBe(true);
    expect(hasInkBetween(page, 0.25, 1)).toBe(false);
  });

  it("another user's package, a package of another family or an unknown type is 404", async () => {
    const { user, pkg } = await ispCustomer();
    const other = await customerWhoBought(ctx, 'base-1gb');
    const status = async (path: string, token: string) =>
      (await ctx.api.request('GET', path, { token })).statusCode;
    expect(await status(`/api/export/proxy-list/isp/txt/login/${pkg.id}`, other.user.token)).toBe(
      404,
    );
    expect(
      await status(`/api/export/proxy-list/isp/txt/login/${other.packageId}`, other.user.token),
    ).toBe(404);
    expect(await status(`/api/export/proxy-list/isp/txt/socks/${pkg.id}`, user.token)).toBe(404);
    expect(await status(`/api/export/proxy-list/isp/doc/login/${pkg.id}`, user.token)).toBe(404);
    expect(await status(`/api/export/proxy-list/isp/txt/login/${pkg.id}`, user.token)).toBe(200);
  });
});
