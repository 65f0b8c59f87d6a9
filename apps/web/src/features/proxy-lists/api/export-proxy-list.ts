import { exportFileName, proxyListsEndpoints, type ExportFormat } from '@proxy/contract';
import { downloadFile } from '../../../shared/api/download-file';
import type { ListAddress } from './get-proxy-list-contents';

/** GET /export/proxy-list/:fileType/:packageKey/:id/:name: one list as a file named after it. */
export const downloadProxyList = (
  { packageKey, listId, name }: Omit<ListAddress, 'packageId'>,
  format: ExportFormat,
) =>
  downloadFile(proxyListsEndpoints.exportProxyList, {
    params: { fileType: format, packageKey, id: listId, name },
    fallbackName: exportFileName(name, format),
  });
