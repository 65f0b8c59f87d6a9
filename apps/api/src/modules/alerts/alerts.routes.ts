import type { FastifyPluginCallback } from 'fastify';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { listAlerts } from './alerts.service.ts';

export const alertsRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/profile/alerts', { preHandler: authenticate }, (request) =>
    listAlerts(app.db, sessionOf(request).user, requestLanguage(request)),
  );
  done();
};
