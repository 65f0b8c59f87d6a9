import type { FastifyPluginCallback } from 'fastify';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import {
  listNotifications,
  notificationsQuerySchema,
  readAllNotifications,
  readNotification,
} from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/profile/notifications', { preHandler: authenticate }, async (request) => {
    const query = notificationsQuerySchema.parse(request.query);
    return listNotifications(app.db, sessionOf(request).user.id, query);
  });

  app.patch('/profile/notifications/read-all', { preHandler: authenticate }, async (request) =>
    readAllNotifications(app.db, sessionOf(request).user.id),
  );

  app.patch<{ Params: { id: string } }>(
    '/profile/notifications/:id/read',
    { preHandler: authenticate },
    async (request) => readNotification(app.db, sessionOf(request).user.id, request.params.id),
  );
  done();
};
