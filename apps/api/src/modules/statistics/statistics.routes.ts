import type { FastifyRequest } from 'fastify';
import type { StatisticsPeriod } from '@proxy/contract';
import { statisticsEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { printContextOf } from '../proxy-lists/proxy-lists.routes.ts';
import {
  apiTools,
  packageStatistics,
  usageOverRange,
  type PackageLookup,
} from './statistics.service.ts';

/** Both statistics pages, usage over a range and the API tools page (decisions 121, 124). */
export const statisticsRoutes: RoutesPlugin = (app, _options, done) => {
  /** Both statistics pages: the user's package named by its uuid or its key, over a period. */
  const statisticsOf = async (
    request: FastifyRequest,
    by: PackageLookup,
    period: StatisticsPeriod,
  ) => ({
    data: await packageStatistics(app.db, sessionOf(request).user.id, by, period),
  });
  addRoute(app, statisticsEndpoints.getStatisticsByUuid, { preHandler: authenticate }, (request) =>
    statisticsOf(request, { uuid: request.params.uuid }, request.params.period),
  );
  addRoute(app, statisticsEndpoints.getStatisticsByKey, { preHandler: authenticate }, (request) =>
    statisticsOf(request, { packageKey: request.params.packageKey }, request.params.period),
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
