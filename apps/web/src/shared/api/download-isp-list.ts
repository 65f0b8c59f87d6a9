import {
  ISP_LIST_FILE_NAME,
  exportFileName,
  statisticsEndpoints,
  type ExportFormat,
} from '@proxy/contract';
import { downloadFile } from './download-file';

/**
 * GET /export/proxy-list/isp/:format/:type/:id (decision 123): an ISP package's addresses as
 * `isp-list.{format}`; type `ip` (ip:port) for a package that whitelists the customer's
 * address, else `login` (ip:port:login:password).
 */
export const downloadIspList = (
  pkg: { id: number; auth_ip: string | null },
  format: ExportFormat,
) =>
  downloadFile(statisticsEndpoints.exportIspList, {
    params: { format, type: pkg.auth_ip ? 'ip' : 'login', id: pkg.id },
    fallbackName: exportFileName(ISP_LIST_FILE_NAME, format),
  });
