import { buffer } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import Fastify from 'fastify';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { renderExport, sendExport, type ExportTable } from './export-formats.ts';

const proxies = (count: number) =>
  Array.from({ length: count }, (_, i) => [`127.0.0.1:8080:user_${i}_s_${i}:p4ss`] as const);

const table = (rows: ExportTable['rows'], columns: readonly string[] = ['proxy']): ExportTable => ({
  title: 'Список proxies',
  columns,
  rows,
});

/** csv-parse's records: arrays of cells (no `columns` option). */
const parseCsv = (input: string | Buffer): string[][] => {
  const records: unknown = parse(input);
  return records as string[][];
};

const render = async (format: 'txt' | 'csv' | 'pdf', source: ExportTable) =>
  buffer(renderExport(format, source));

const pdfText = async (bytes: Buffer) => {
  const parser = new PDFParse({ data: bytes });
  try {
    return await parser.getText();
  } finally {
    await parser.destroy();
  }
};

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
    const result = await pdfText(bytes);
    expect(result.total).toBeGreaterThan(1);
    const lines = result.text.split('\n').map((line) => line.trim());
    expect(lines).toContain('Список proxies');
    const listed = lines.filter((line) => line.startsWith('127.0.0.1:'));
    expect(listed).toEqual(rows.map(([line]) => line));
  });

  it('pdf: several columns line up under their headings on every page', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [
      `2026-11-${String(i % 30).padStart(2, '0')}`,
      `${i * 1024}`,
    ]);
    rows.push(['Москва', '1']);
    const result = await pdfText(await render('pdf', table(rows, ['day', 'bytes'])));
    const lines = result.text.split('\n').map((line) => line.trim().replace(/\s+/g, ' '));
    expect(lines.filter((line) => line === 'day bytes').length).toBe(result.total);
    expect(lines).toContain('2026-11-05 5120');
    expect(lines).toContain('Москва 1');
  });

  it.each(['txt', 'csv', 'pdf'] as const)(
    '%s: rows are pulled as the reader reads, not all at once',
    async (format) => {
      let pulled = 0;
      function* many() {
        for (let i = 0; i < 1_000_000; i += 1) {
          pulled += 1;
          yield [`127.0.0.1:8080:user_${i}:password`] as const;
        }
      }
      const stream = renderExport(format, table(many()));
      await new Promise<void>((resolve) => stream.once('readable', () => resolve()));
      stream.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
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
