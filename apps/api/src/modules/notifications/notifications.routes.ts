import { notificationsEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import {
  listNotifications,
  readAllNotifications,
  readNotification,
} from './notifications.service.ts';

export const notificationsRoutes: RoutesPlugin = (app, _options, done) => {
  addRoute(app, notificationsEndpoints.list, { preHandler: authenticate }, async (request) => {
    const query = request.query;
    return listNotifications(app.db, sessionOf(request).user.id, query);
  });

  addRoute(app, notificationsEndpoints.readAll, { preHandler: authenticate }, async (request) =>
    readAllNotifications(app.db, sessionOf(request).user.id),
  );

  addRoute(app, notificationsEndpoints.read, { preHandler: authenticate }, async (request) =>
    readNotification(app.db, sessionOf(request).user.id, request.params.id),
  );
  done();
};
