import { profileEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { requireUnrestricted } from '../users/restricted-user.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { listAlerts } from './alerts.service.ts';

export const alertsRoutes: RoutesPlugin = (app, _options, done) => {
  addRoute(
    app,
    profileEndpoints.getAlerts,
    { preHandler: [authenticate, requireUnrestricted] },
    (request) => listAlerts(app.db, sessionOf(request).user, requestLanguage(request)),
  );
  done();
};
