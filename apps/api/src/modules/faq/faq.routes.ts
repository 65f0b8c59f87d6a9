import { profileEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { siteContactsOf } from '../../lib/site-contacts.ts';
import { getFaq } from './faq.service.ts';

export const faqRoutes: RoutesPlugin = (app, _options, done) => {
  const site = siteContactsOf(app.config);
  addRoute(app, profileEndpoints.getFaq, { preHandler: authenticate }, (request) =>
    getFaq(app.db, requestLanguage(request), site),
  );
  done();
};
