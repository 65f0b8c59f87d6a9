import type { ExportTable } from '../exports/export-formats.ts';
import type { PrintableList } from './proxy-lists.service.ts';

/** Column headings and the report's title, in the request's language. */
export type ExportTexts = { proxy: string; list: string; report: string };

/**
 * One list as a download: one column of its lines (txt: one proxy a line, as proxy tools
 * import them), pulled lazily while the client reads. The list was checked (owner, package
 * key, id, name) before, so a refusal is an ordinary 404 before anything is sent.
 */
export const proxyListExport = ({ list, lines }: PrintableList, texts: ExportTexts) => {
  const rows = function* () {
    for (const line of lines()) yield [line];
  };
  return { title: list.name, columns: [texts.proxy], rows: rows() } satisfies ExportTable;
};

/**
 * Several lists in one report (`report.{format}`): a row per line with its list's name (the
 * line first: the PDF gives its first column the page's width), printed list by list as the
 * client reads. The lists were all checked before (`findPrintableLists`).
 */
export const proxyListsReport = (printable: PrintableList[], texts: ExportTexts): ExportTable => {
  const rows = function* () {
    for (const { list, lines } of printable) for (const line of lines()) yield [line, list.name];
  };
  return { title: texts.report, columns: [texts.proxy, texts.list], rows: rows() };
};
