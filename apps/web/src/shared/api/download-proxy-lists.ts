import {
  EXPORT_LISTS_MAX,
  exportFileName,
  proxyListsEndpoints,
  type ExportFormat,
} from '@proxy/contract';
import { downloadFile } from './download-file';

export type ExportedList = { id: number; name: string; package_key: string };

/**
 * GET /export/proxy-lists?format=&lists[i][id|name|package_key]= (the spec's indexed form):
 * several lists, one after another, in one file `report.{format}`. A file holds at most
 * EXPORT_LISTS_MAX lists; the caller chooses which.
 */
export const downloadProxyLists = (lists: readonly ExportedList[], format: ExportFormat) => {
  const query: Record<string, string | number> = { format };
  lists.slice(0, EXPORT_LISTS_MAX).forEach((list, index) => {
    query[`lists[${index}][id]`] = list.id;
    query[`lists[${index}][name]`] = list.name;
    query[`lists[${index}][package_key]`] = list.package_key;
  });
  return downloadFile(proxyListsEndpoints.exportProxyLists, {
    query,
    fallbackName: exportFileName('report', format),
  });
};
