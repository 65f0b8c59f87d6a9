import {
  ISP_LIST_FILE_NAME,
  exportFileName,
  proxyListsEndpoints,
  statisticsEndpoints,
  type ExportFormat,
  type IspListType,
} from '@proxy/contract';
import type { QueryParams } from '../lib/query-string';
import { downloadFile } from './download-file';

/**
 * Downloads of a package's proxies that the packages table (row download) and the proxy-list
 * screens both offer; features do not import each other, so they live here.
 */

export type ExportedList = { id: number; name: string; package_key: string };

/** The spec's indexed array format: lists[0][id]=1&lists[0][name]=a&lists[0][package_key]=k. */
export const indexedListsQuery = (lists: readonly ExportedList[]): QueryParams => {
  const query: QueryParams = {};
  lists.forEach((list, index) => {
    query[`lists[${index}][id]`] = list.id;
    query[`lists[${index}][name]`] = list.name;
    query[`lists[${index}][package_key]`] = list.package_key;
  });
  return query;
};

/** GET /export/proxy-lists?format=&lists[i][...]: several lists in one report.{format}. */
export const downloadProxyListsReport = (lists: readonly ExportedList[], format: ExportFormat) =>
  downloadFile(proxyListsEndpoints.exportProxyLists, {
    query: { format, ...indexedListsQuery(lists) },
    fallbackName: exportFileName('report', format),
  });

/** GET /export/proxy-list/isp/:format/:type/:id: an ISP package's addresses, isp-list.{format}. */
export const downloadIspList = (id: number, type: IspListType, format: ExportFormat) =>
  downloadFile(statisticsEndpoints.exportIspList, {
    params: { format, type, id },
    fallbackName: exportFileName(ISP_LIST_FILE_NAME, format),
  });
