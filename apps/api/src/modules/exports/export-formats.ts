import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import PDFDocument from 'pdfkit';
import { EXPORT_CONTENT_TYPES, exportFileName, type ExportFormat } from '@proxy/contract';

/**
 * What every download is: a table of strings, written in the format the user chose. Rows are
 * an iterable (sync or async) and are pulled as the client reads, so a 100k-line proxy list or
 * a year of hourly usage is never held whole in memory.
 */
export type ExportTable = {
  /** The PDF's heading (a list's name, "Traffic report ..."); txt and csv do not carry it. */
  title: string;
  /**
   * Column headings: csv's header row and the PDF's. A one-column txt file (a proxy list: one
   * proxy a line, what proxy tools import) has no header; several columns get one.
   */
  columns: readonly string[];
  rows: Iterable<readonly string[]> | AsyncIterable<readonly string[]>;
};

/** Rows are joined into chunks of this many before they are handed to the socket. */
const ROWS_PER_CHUNK = 1_000;

/**
 * csv through `csv-stringify` (RFC 4180: CRLF, quotes doubled, a field with a comma, quote or
 * line break quoted). `escape_formulas` prefixes `'` to a cell starting with `=`, `+`, `-`, `@`,
 * tab or CR (and their full-width forms), so a spreadsheet never runs it (CSV injection).
 */
const CSV_OPTIONS = { record_delimiter: 'windows', escape_formulas: true } as const;

/**
 * txt and csv: rows are formatted a chunk of ROWS_PER_CHUNK at a time (csv by csv-stringify's
 * synchronous API on that chunk), so the file streams without being held and the socket gets
 * few large writes rather than one a row.
 */
const textLines = (format: 'txt' | 'csv', table: ExportTable) => {
  const lines =
    format === 'csv'
      ? (rows: (readonly string[])[]) => stringifyCsv(rows, CSV_OPTIONS)
      : (rows: (readonly string[])[]) => rows.map((row) => `${row.join('\t')}\n`).join('');
  const withHeader = format === 'csv' || table.columns.length > 1;
  return async function* chunks(): AsyncGenerator<string> {
    let chunk: (readonly string[])[] = withHeader ? [table.columns] : [];
    for await (const row of table.rows) {
      chunk.push(row);
      if (chunk.length >= ROWS_PER_CHUNK) {
        yield lines(chunk);
        chunk = [];
      }
    }
    if (chunk.length > 0) yield lines(chunk);
  };
};

const require = createRequire(import.meta.url);
/** DejaVu Sans Mono: the PDF speaks Russian too (PDF's built-in fonts have no Cyrillic). */
const MONO_FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf');
const PDF_FONT_SIZE = 8;
const PDF_MARGIN = 36;
const COLUMN_GAP = 2;
/** PDF output waiting in memory above which row writing pauses until the client reads. */
const PDF_BUFFER_LIMIT = 256 * 1024;

/**
 * A monospace table (`columnWidths`: the first column takes the page, the others their heading
 * or widest cell); a value longer than its column is cut with `…` (proxy strings fit: a list
 * has one wide column).
 */
const pdfStream = (table: ExportTable): Readable => {
  const doc = new PDFDocument({ size: 'A4', margin: PDF_MARGIN, bufferPages: false });
  doc.font(MONO_FONT).fontSize(PDF_FONT_SIZE);
  const charWidth = doc.widthOfString('M');
  const lineHeight = doc.currentLineHeight(true);
  const pageChars = Math.floor((doc.page.width - 2 * PDF_MARGIN) / charWidth);
  const widths = columnWidths(table, pageChars);
  const formatRow = (row: readonly string[]) =>
    row
      .map((cell, index) => fit(cell, widths[index] ?? 0, index < row.length - 1))
      .join(' '.repeat(COLUMN_GAP));

  // Rows go straight into the page's content stream as one text operator each: pdfkit's
  // text() lays out every call (about 1 ms a line), which a 100k-line list cannot afford. The
  // font is monospaced and has no ligatures, so a line's glyphs are its characters' glyphs:
  // each character is encoded once (which also adds its glyph to the embedded subset).
  const font = embeddedFont(doc);
  const glyphs = new Map<string, string>();
  const hex = (text: string) => {
    let out = '';
    for (const char of text) {
      let code = glyphs.get(char);
      if (code === undefined) {
        code = font.encode(char)[0].join('');
        glyphs.set(char, code);
      }
      out += code;
    }
    return out;
  };
  const ascent = (font.ascender / 1000) * PDF_FONT_SIZE;
  // `y` is the top of the next line, measured down from the page's top edge. pdfkit opens every
  // page with a flip (`1 0 0 -1 0 height cm`) so that its own coordinates run top down; in that
  // space the baseline sits at `y + ascent`, and the text matrix's -1 turns the glyphs upright
  // again (what pdfkit's text() does with a transform of its own around each fragment).
  let y = 0;
  const line = (text: string) => {
    const baseline = y + ascent;
    doc.addContent(
      `BT 1 0 0 -1 ${PDF_MARGIN} ${baseline.toFixed(2)} Tm /${font.id} ${PDF_FONT_SIZE} Tf <${hex(text)}> Tj ET`,
    );
    y += lineHeight;
  };
  const pageStart = () => {
    (doc.page as unknown as PdfPage).fonts[font.id] = font.ref();
    y = PDF_MARGIN;
    if (table.columns.length > 1) line(formatRow(table.columns));
  };
  const bottom = doc.page.height - PDF_MARGIN - lineHeight;
  // pdfkit pushes whatever it renders: rows wait while the client has not read what is there
  // (and stop once the client is gone: the stream is destroyed).
  const readerCaughtUp = async () => {
    while (doc.readableLength > PDF_BUFFER_LIMIT && !doc.destroyed) await sleep(5);
  };

  const write = async () => {
    doc.fontSize(PDF_FONT_SIZE + 3).text(table.title, PDF_MARGIN, PDF_MARGIN);
    doc.fontSize(PDF_FONT_SIZE);
    (doc.page as unknown as PdfPage).fonts[font.id] = font.ref();
    y = doc.y + lineHeight / 2;
    if (table.columns.length > 1) line(formatRow(table.columns));
    for await (const row of table.rows) {
      if (y > bottom) {
        doc.addPage();
        pageStart();
      }
      line(formatRow(row));
      await readerCaughtUp();
      if (doc.destroyed) return;
    }
    doc.end();
  };
  write().catch((error: unknown) => doc.destroy(error as Error));
  return doc;
};

/** The parts of pdfkit's current font that writing raw text operators needs. */
type EmbeddedFont = {
  id: string;
  ascender: number;
  encode: (text: string) => [string[], unknown];
  ref: () => unknown;
};
type PdfPage = { fonts: Record<string, unknown> };

/**
 * pdfkit's current font (an embedded TrueType font after `doc.font(path)`): not in its typings,
 * but the object its own text() writes with, so glyph subsets and the ToUnicode map (text
 * extraction, copy and paste) stay pdfkit's.
 */
const embeddedFont = (doc: PDFKit.PDFDocument): EmbeddedFont =>
  (doc as unknown as { _font: EmbeddedFont })._font;

const fit = (value: string, width: number, pad: boolean): string => {
  if (value.length > width) return `${value.slice(0, Math.max(0, width - 1))}…`;
  return pad ? value.padEnd(width) : value;
};

/**
 * Every column after the first gets its heading's width (at least 12), or its widest cell's when
 * the rows are already in memory (an ISP list's logins and passwords are printed whole); the
 * first column takes what is left of the page. Streamed rows are not read ahead.
 */
const columnWidths = (table: ExportTable, pageChars: number): number[] => {
  const rest = table.columns.slice(1).map((heading) => Math.max(heading.length, 12));
  if (Array.isArray(table.rows))
    for (const row of table.rows as readonly (readonly string[])[])
      row.slice(1).forEach((cell, index) => {
        rest[index] = Math.max(rest[index] ?? 0, cell.length);
      });
  const used = rest.reduce((sum, width) => sum + width + COLUMN_GAP, 0);
  return [Math.max(pageChars - used, 8), ...rest];
};

/** The file's bytes as a stream, pulled as the client reads. */
export const renderExport = (format: ExportFormat, table: ExportTable): Readable =>
  format === 'pdf' ? pdfStream(table) : Readable.from(textLines(format, table)());

/**
 * Answers a download: Content-Type of the format, an attachment named `{baseName}.{format}`
 * (RFC 6266, with the UTF-8 name for non-ASCII list names), never cached by shared caches.
 */
export const sendExport = (
  reply: FastifyReply,
  format: ExportFormat,
  baseName: string,
  table: ExportTable,
): FastifyReply => {
  const fileName = exportFileName(baseName, format);
  const asciiName = fileName.replace(/[^\x20-\x7e]/g, '_');
  return reply
    .header('Content-Type', EXPORT_CONTENT_TYPES[format])
    .header(
      'Content-Disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('Cache-Control', 'private, no-store')
    .send(renderExport(format, table));
};
