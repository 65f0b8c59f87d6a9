import type { FastifyPluginCallback } from 'fastify';
import { profileUpdateSchema } from '@proxy/contract';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { getProfile, updateProfile } from './profile.service.ts';

export const profileRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/profile', { preHandler: authenticate }, (request) =>
    getProfile(sessionOf(request).user),
  );

  app.post('/profile', { preHandler: authenticate }, async (request) => {
    const input = profileUpdateSchema.parse(request.body);
    const user = await updateProfile(app.db, sessionOf(request), input);
    return {
      success: true as const,
      message: app.translator.t(requestLanguage(request), 'messages.profile_updated'),
      user,
    };
  });
  done();
};
