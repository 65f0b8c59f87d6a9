import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';

const run = promisify(execFile);

/** A downloaded CSV read back with csv-parse: arrays of cells (no `columns` option). */
export const parseCsv = (input: string | Buffer): string[][] => {
  const records: unknown = parse(input);
  return records as string[][];
};

/** The text of a downloaded PDF, extracted with pdf-parse. */
export const pdfText = async (bytes: Buffer): Promise<string> => {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
};

/**
 * Hands the PDF, written to a scratch directory that is removed afterwards, to a poppler tool
 * (poppler-utils, which scripts/ensure-poppler.mjs installs).
 */
const withPdfFile = async <T>(
  bytes: Buffer,
  use: (pdfPath: string, directory: string) => Promise<T>,
): Promise<T> => {
  const directory = await mkdtemp(path.join(tmpdir(), 'export-pdf-'));
  try {
    const pdfPath = path.join(directory, 'export.pdf');
    await writeFile(pdfPath, bytes);
    return await use(pdfPath, directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
};

/**
 * The PDF's text as a reader sees it, top to bottom (poppler's `pdftotext -layout`, which
 * orders lines by where they are drawn on the page, not by where they sit in the file): per
 * page, one entry per printed line, runs of spaces collapsed, blank lines dropped.
 */
export const pdfLayoutPages = (bytes: Buffer): Promise<string[][]> =>
  withPdfFile(bytes, async (pdfPath) => {
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', pdfPath, '-'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    // Every page ends with a form feed.
    return stdout
      .split('\f')
      .slice(0, -1)
      .map((page) =>
        page
          .split('\n')
          .map((line) => line.trim().replace(/\s+/g, ' '))
          .filter((line) => line !== ''),
      );
  });

/** `pdfLayoutPages`, pages one after the other. */
export const pdfLayoutLines = async (bytes: Buffer): Promise<string[]> =>
  (await pdfLayoutPages(bytes)).flat();

/** A page rendered in grey levels: `pixels[row * width + column]`, 0 black to 255 white. */
export type GreyPage = { width: number; height: number; pixels: Buffer };

/** The first page as poppler draws it (`pdftoppm -r 50 -gray`, a binary PGM). */
export const renderFirstPage = (bytes: Buffer): Promise<GreyPage> =>
  withPdfFile(bytes, async (pdfPath, directory) => {
    const prefix = path.join(directory, 'page');
    await run('pdftoppm', [
      '-r',
      '50',
      '-gray',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfPath,
      prefix,
    ]);
    return parsePgm(await readFile(`${prefix}.pgm`));
  });

/** A binary PGM (`P5`, width, height, maxval 255, then one byte a pixel). */
const parsePgm = (file: Buffer): GreyPage => {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(file.subarray(0, 64).toString('latin1'));
  if (!header?.[1] || !header[2]) throw new Error('pdftoppm did not write a binary 8-bit PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return {
    width,
    height,
    pixels: file.subarray(header[0].length, header[0].length + width * height),
  };
};

/** Grey level under which a pixel counts as ink (text is black on white). */
const INK = 128;

/**
 * Whether any pixel between two heights of the page, given as fractions of its height from the
 * top (0 the top edge, 1 the bottom), is ink.
 */
export const hasInkBetween = (page: GreyPage, fromTop: number, toTop: number): boolean => {
  const first = Math.floor(page.height * fromTop);
  const last = Math.min(page.height, Math.ceil(page.height * toTop));
  for (let row = first; row < last; row += 1) {
    const start = row * page.width;
    for (let column = 0; column < page.width; column += 1)
      if ((page.pixels[start + column] ?? 255) < INK) return true;
  }
  return false;
};
