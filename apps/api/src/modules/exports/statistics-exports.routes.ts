import {
  STATISTICS_REPORT_FILE_NAME,
  ISP_LIST_FILE_NAME,
  statisticsEndpoints,
} from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { printContextOf } from '../proxy-lists/proxy-lists.routes.ts';
import { sendExport } from './export-formats.ts';
import { ispListTable, statisticsReportTable } from './statistics-exports.service.ts';

/** The statistics report and the ISP IP list as files (decisions 121, 123). */
export const statisticsExportsRoutes: RoutesPlugin = (app, _options, done) => {
  const textsOf = (request: Parameters<typeof requestLanguage>[0]) => ({
    translator: app.translator,
    language: requestLanguage(request),
  });
  const auth = { preHandler: authenticate };

  addRoute(app, statisticsEndpoints.downloadReport, auth, async (request, reply) => {
    const { packageKey, period, format } = request.params;
    const table = await statisticsReportTable(
      app.db,
      sessionOf(request).user.id,
      packageKey,
      period,
      textsOf(request),
    );
    return sendExport(reply, format, `${STATISTICS_REPORT_FILE_NAME}-${period}`, table);
  });

  addRoute(app, statisticsEndpoints.exportIspList, auth, async (request, reply) => {
    const { format, type, id } = request.params;
    const { gateway, dataKey } = printContextOf(app);
    const table = await ispListTable(app.db, sessionOf(request).user.id, id, type, format, {
      dataKey,
      gateway,
      texts: textsOf(request),
    });
    return sendExport(reply, format, ISP_LIST_FILE_NAME, table);
  });
  done();
};
