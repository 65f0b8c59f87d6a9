import { catalogueEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { getPackage, getUnlimUsage, listPackages } from './packages.service.ts';

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
        {
          host: app.config.GATEWAY_PUBLIC_HOST,
          httpPort: app.config.GATEWAY_HTTP_PORT,
          socksPort: app.config.GATEWAY_SOCKS_PORT,
        },
      ),
    };
  });
  addRoute(
    app,
    catalogueEndpoints.getUnlimUsage,
    { preHandler: authenticate },
    async (request) => ({
      data: await getUnlimUsage(app.db, sessionOf(request).user.id, request.params.id),
    }),
  );
  done();
};
