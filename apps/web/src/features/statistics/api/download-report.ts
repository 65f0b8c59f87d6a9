import {
  STATISTICS_REPORT_FILE_NAME,
  endpointPath,
  statisticsEndpoints,
  type ReportFormat,
  type StatisticsPeriod,
} from '@proxy/contract';
import { downloadFile } from '../../../shared/api/download-file';

/** GET /api/export/statistics/:packageKey/:period/:format, saved as statistics-{period}.{format}. */
export const downloadReport = (
  packageKey: string,
  period: StatisticsPeriod,
  format: ReportFormat,
) =>
  downloadFile(
    endpointPath(statisticsEndpoints.downloadReport, { packageKey, period, format }),
    `${STATISTICS_REPORT_FILE_NAME}-${period}.${format}`,
  );
