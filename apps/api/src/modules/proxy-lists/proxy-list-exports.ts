import type { Db } from '@proxy/db';
import type { ExportTable } from '../exports/export-formats.ts';
import { findPrintableList, type ListAddress, type PrintContext } from './proxy-lists.service.ts';

/** Column headings and the report's title, in the request's language. */
export type ExportTexts = { proxy: string; list: string; report: string };

/**
 * One list as a download: one column of its lines (txt: one proxy a line, as proxy tools
 * import them), pulled lazily while the client reads. The list is checked (owner, package
 * key, id, name) before anything is sent, so a refusal is an ordinary 404.
 */
export const proxyListExport = async (
  db: Db,
  userId: number,
  address: ListAddress,
  context: PrintContext,
  texts: ExportTexts,
): Promise<{ name: string; table: ExportTable }> => {
  const { list, lines } = await findPrintableList(db, userId, address, context);
  const rows = function* () {
    for (const line of lines()) yield [line];
  };
  return { name: list.name, table: { title: list.name, columns: [texts.proxy], rows: rows() } };
};

/**
 * Several lists in one report (`report.{format}`): a row per line with its list's name (the
 * line first: the PDF gives its first column the page's width). Every
 * list is checked first (any foreign, unknown or renamed one makes the whole export 404);
 * then the lines are printed list by list as the client reads.
 */
export const proxyListsReport = async (
  db: Db,
  userId: number,
  addresses: ListAddress[],
  context: PrintContext,
  texts: ExportTexts,
): Promise<ExportTable> => {
  const printable: Awaited<ReturnType<typeof findPrintableList>>[] = [];
  for (const address of addresses)
    printable.push(await findPrintableList(db, userId, address, context));
  const rows = function* () {
    for (const { list, lines } of printable) for (const line of lines()) yield [line, list.name];
  };
  return { title: texts.report, columns: [texts.proxy, texts.list], rows: rows() };
};
