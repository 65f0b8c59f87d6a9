import { buffer } from 'node:stream/consumers';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseCsv, pdfLayoutPages, pdfText } from '../../../test/exports.ts';
import { renderExport, sendExport, type ExportTable } from './export-formats.ts';

const proxies = (count: number) =>
  Array.from({ length: count }, (_, i) => [`127.0.0.1:8080:user_${i}_s_${i}:p4ss`] as const);

const table = (rows: ExportTable['rows'], columns: readonly string[] = ['proxy']): ExportTable => ({
  title: 'Список proxies',
  columns,
  rows,
});

const render = async (format: 'txt' | 'csv' | 'pdf', source: ExportTable) =>
  buffer(renderExport(format, source));

describe('export formats', () => {
  it('txt: a one-column list is one proxy a line, with no header', async () => {
    const text = (await render('txt', table(proxies(3)))).toString('utf8');
    expect(text).toBe(
      '127.0.0.1:8080:user_0_s_0:p4ss\n127.0.0.1:8080:user_1_s_1:p4ss\n127.0.0.1:8080:user_2_s_2:p4ss\n',
    );
  });

  it('txt: several columns get a header and tab-separated cells', async () => {
    const rows = [['2026-11-01', '1024']];
    const text = (await render('txt', table(rows, ['day', 'bytes']))).toString('utf8');
    expect(text).toBe('day\tbytes\n2026-11-01\t1024\n');
  });

  it('csv: RFC 4180 quoting, a header, and no cell a spreadsheet would run as a formula', async () => {
    const rows = [
      ['a,b', 'say "hi"'],
      ['=HYPERLINK("x")', 'line\nbreak'],
      ['-1+2', '@cmd'],
      ['\uFF1D1+1', '+1'],
    ];
    const text = (await render('csv', table(rows, ['first', 'second']))).toString('utf8');
    expect(text.startsWith('first,second\r\n')).toBe(true);
    const parsed = parseCsv(text);
    expect(parsed).toEqual([
      ['first', 'second'],
      ['a,b', 'say "hi"'],
      [`'=HYPERLINK("x")`, 'line\nbreak'],
      [`'-1+2`, `'@cmd`],
      [`'\uFF1D1+1`, `'+1`],
    ]);
  });

  it('csv: 10,000 rows parse back to the same rows', async () => {
    const rows = proxies(10_000);
    const parsed = parseCsv(await render('csv', table(rows)));
    expect(parsed.slice(1)).toEqual(rows.map((row) => [...row]));
  });

  it('pdf: every row is in the text, in order, over several pages, with a Cyrillic title', async () => {
    const rows = proxies(250);
    const bytes = await render('pdf', table(rows));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Список proxies');
    const pages = await pdfLayoutPages(bytes);
    expect(pages.length).toBeGreaterThan(1);
    // Top down: the title heads the first page, then the rows follow in order across pages.
    expect(pages[0]?.[0]).toBe('Список proxies');
    expect(pages.flat().slice(1)).toEqual(rows.map(([line]) => line));
  });

  it('pdf: several columns line up under their headings at the top of every page', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [
      `2026-11-${String(i % 30).padStart(2, '0')}`,
      `${i * 1024}`,
    ]);
    rows.push(['Москва', '1']);
    const pages = await pdfLayoutPages(await render('pdf', table(rows, ['day', 'bytes'])));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]?.slice(0, 2)).toEqual(['Список proxies', 'day bytes']);
    for (const page of pages.slice(1)) expect(page[0]).toBe('day bytes');
    const printed = pages.flatMap((page, index) => page.slice(index === 0 ? 2 : 1));
    expect(printed).toEqual(rows.map((row) => row.join(' ')));
  });

  it.each(['txt', 'csv', 'pdf'] as const)(
    '%s: rows are pulled as the reader reads, not all at once',
    async (format) => {
      let pulled = 0;
      let letGo = () => undefined as void;
      /** Settles once the rows are let go of: closed early by the writer, or read to the end. */
      const released = new Promise<void>((resolve) => (letGo = resolve));
      function* many() {
        try {
          for (let i = 0; i < 1_000_000; i += 1) {
            pulled += 1;
            yield [`127.0.0.1:8080:user_${i}:password`] as const;
          }
        } finally {
          letGo();
        }
      }
      const stream = renderExport(format, table(many()));
      await new Promise<void>((resolve) => stream.once('readable', () => resolve()));
      stream.destroy();
      // The writer stops pulling rows and closes them (a writer that went on would read them all).
      await released;
      expect(pulled).toBeGreaterThan(0);
      expect(pulled).toBeLessThan(1_000_000);
    },
  );
});

describe('sendExport', () => {
  it('answers an attachment of the format, named after the list (non-ASCII names kept in filename*)', async () => {
    const app = Fastify();
    app.get('/file', (_request, reply) =>
      sendExport(reply, 'csv', 'Мой список 1', table(proxies(2))),
    );
    const response = await app.inject({ method: 'GET', url: '/file' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="___________1.csv"; filename*=UTF-8''${encodeURIComponent('Мой_список_1.csv')}`,
    );
    expect(parseCsv(response.body)).toEqual([['proxy'], ...proxies(2).map((row) => [...row])]);
  });
});
