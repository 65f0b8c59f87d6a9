import {
  STATISTICS_REPORT_FILE_NAME,
  exportFileName,
  statisticsEndpoints,
  type ExportFormat,
  type StatisticsPeriod,
} from '@proxy/contract';
import { downloadFile } from './download-file';

/** GET /api/export/statistics/:packageKey/:period/:format, saved as statistics-{period}.{format}. */
export const downloadReport = (
  packageKey: string,
  period: StatisticsPeriod,
  format: ExportFormat,
) =>
  downloadFile(statisticsEndpoints.downloadReport, {
    params: { packageKey, period, format },
    fallbackName: exportFileName(`${STATISTICS_REPORT_FILE_NAME}-${period}`, format),
  });
