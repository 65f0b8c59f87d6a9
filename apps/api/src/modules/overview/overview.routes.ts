import { overviewEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { getOverview } from './overview.service.ts';

export const overviewRoutes: RoutesPlugin = (app, _options, done) => {
  addRoute(app, overviewEndpoints.getOverview, { preHandler: authenticate }, async (request) => ({
    data: await getOverview(app.db, sessionOf(request).user.id),
  }));
  done();
};
