import { parse } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';

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
