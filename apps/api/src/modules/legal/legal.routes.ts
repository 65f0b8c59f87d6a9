import { legalEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { siteContactsOf } from '../../lib/site-contacts.ts';
import { createLegalTexts } from './legal.service.ts';

/** GET /legal: public (the registration form links to the terms before there is a session). */
export const legalRoutes: RoutesPlugin = (app, _options, done) => {
  const legalTexts = createLegalTexts(siteContactsOf(app.config));
  addRoute(app, legalEndpoints.getLegal, {}, (request) => legalTexts(requestLanguage(request)));
  done();
};
