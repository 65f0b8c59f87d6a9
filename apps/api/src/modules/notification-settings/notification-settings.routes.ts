import { notificationSettingsEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { messageReply } from '../../lib/message-reply.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import {
  getNotificationSettings,
  updateNotificationSettings,
} from './notification-settings.service.ts';

export const notificationSettingsRoutes: RoutesPlugin = (app, _options, done) => {
  addRoute(
    app,
    notificationSettingsEndpoints.get,
    { preHandler: authenticate },
    async (request) => ({
      settings: await getNotificationSettings(app.db, sessionOf(request).user.id),
    }),
  );

  addRoute(
    app,
    notificationSettingsEndpoints.update,
    { preHandler: authenticate },
    async (request) => {
      const userId = sessionOf(request).user.id;
      const settings = await updateNotificationSettings(app.db, userId, request.body);
      return { ...messageReply(app, request, 'notification-settings:saved'), settings };
    },
  );
  done();
};
