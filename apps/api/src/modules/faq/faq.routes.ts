import type { FastifyPluginCallback } from 'fastify';
import { authenticate } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { getFaq } from './faq.service.ts';

export const faqRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/profile/faq', { preHandler: authenticate }, (request) =>
    getFaq(app.db, requestLanguage(request)),
  );
  done();
};
