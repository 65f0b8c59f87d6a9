import { packageAlertsEndpoints as endpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { getPackageAlerts, setPackageAlerts } from './package-alerts.service.ts';

/**
 * Usage alerts of a package (decision 184): a setting of the owner's, no money moves, so a
 * signed-in session is enough. A malformed id fails the params schema: 404 like an unknown one.
 */
export const packageAlertsRoutes: RoutesPlugin = (app, _options, done) => {
  const guard = { preHandler: authenticate };
  addRoute(app, endpoints.getPackageAlerts, guard, (request) =>
    getPackageAlerts(app.db, sessionOf(request).user.id, request.params.id),
  );
  addRoute(app, endpoints.setPackageAlerts, guard, (request) =>
    setPackageAlerts(app.db, sessionOf(request).user.id, request.params.id, request.body),
  );
  done();
};
