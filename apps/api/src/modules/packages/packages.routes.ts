import { catalogueEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { getPackage, listPackages } from './packages.service.ts';

export const packagesRoutes: RoutesPlugin = (app, _options, done) => {
  addRoute(app, catalogueEndpoints.listPackages, { preHandler: authenticate }, async (request) => ({
    data: await listPackages(app.db, sessionOf(request).user.id),
  }));
  // A malformed id fails the params schema: 404 like an unknown one (error handler).
  addRoute(app, catalogueEndpoints.getPackage, { preHandler: authenticate }, async (request) => {
    return {
      data: await getPackage(
        app.db,
        sessionOf(request).user.id,
        request.params.id,
        app.config.DATA_ENCRYPTION_KEY,
      ),
    };
  });
  done();
};
