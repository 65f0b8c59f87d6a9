import { statisticsEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { printContextOf } from '../proxy-lists/proxy-lists.routes.ts';
import { apiTools, packageStatistics, usageOverRange } from './statistics.service.ts';

/** Both statistics pages, usage over a range and the API tools page (decisions 121, 124). */
export const statisticsRoutes: RoutesPlugin = (app, _options, done) => {
  addRoute(
    app,
    statisticsEndpoints.getStatisticsByUuid,
    { preHandler: authenticate },
    async (request) => ({
      data: await packageStatistics(
        app.db,
        sessionOf(request).user.id,
        { uuid: request.params.uuid },
        request.params.period,
      ),
    }),
  );
  addRoute(
    app,
    statisticsEndpoints.getStatisticsByKey,
    { preHandler: authenticate },
    async (request) => ({
      data: await packageStatistics(
        app.db,
        sessionOf(request).user.id,
        { packageKey: request.params.packageKey },
        request.params.period,
      ),
    }),
  );
  addRoute(app, statisticsEndpoints.getUsage, { preHandler: authenticate }, async (request) => ({
    data: await usageOverRange(
      app.db,
      sessionOf(request).user.id,
      request.params.uuid,
      request.query,
    ),
  }));
  addRoute(app, statisticsEndpoints.getApiTools, { preHandler: authenticate }, async (request) => ({
    data: await apiTools(
      app.db,
      sessionOf(request).user.id,
      request.params.packageKey,
      printContextOf(app),
      app.config.API_TOOLS_CHECK_URL,
    ),
  }));
  done();
};
