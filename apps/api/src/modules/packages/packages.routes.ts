import { PACKAGE_SORT_FIELDS, packagesEndpoints } from '@proxy/contract';
import { addRoute, type App, type RoutesPlugin } from '../../lib/contract-route.ts';
import { parseListQuery } from '../../lib/list-query.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import {
  getDynamicPackage,
  getIspPackage,
  getPackage,
  getPremiumPackage,
  getUnlimPackage,
  getUnlimUsage,
  listPackages,
  type DetailContext,
} from './packages.service.ts';

const detailContext = (app: App): DetailContext => ({
  db: app.db,
  dataKey: app.config.DATA_ENCRYPTION_KEY,
  gateway: {
    host: app.config.GATEWAY_PUBLIC_HOST,
    httpPort: app.config.GATEWAY_HTTP_PORT,
    socksPort: app.config.GATEWAY_SOCKS_PORT,
  },
});

export const packagesRoutes: RoutesPlugin = (app, _options, done) => {
  addRoute(app, packagesEndpoints.listPackages, { preHandler: authenticate }, (request) =>
    listPackages(
      app.db,
      sessionOf(request).user.id,
      parseListQuery(PACKAGE_SORT_FIELDS, request.query),
    ),
  );
  // The details by id: a malformed id fails the params schema and answers 404 (error handler).
  const ctx = detailContext(app);
  const auth = { preHandler: authenticate };
  addRoute(app, packagesEndpoints.getPackage, auth, async (request) => ({
    data: await getPackage(ctx, sessionOf(request).user.id, request.params.id),
  }));
  addRoute(app, packagesEndpoints.getDynamicPackage, auth, async (request) => ({
    data: await getDynamicPackage(ctx, sessionOf(request).user.id, request.params.id),
  }));
  addRoute(app, packagesEndpoints.getPremiumPackage, auth, async (request) => ({
    data: await getPremiumPackage(ctx, sessionOf(request).user.id, request.params.id),
  }));
  addRoute(app, packagesEndpoints.getIspPackage, auth, async (request) => ({
    data: await getIspPackage(ctx, sessionOf(request).user.id, request.params.id),
  }));
  addRoute(app, packagesEndpoints.getUnlimPackage, auth, async (request) => ({
    data: await getUnlimPackage(ctx, sessionOf(request).user.id, request.params.id),
  }));
  addRoute(app, packagesEndpoints.getUnlimUsage, { preHandler: authenticate }, async (request) => ({
    data: await getUnlimUsage(app.db, sessionOf(request).user.id, request.params.id),
  }));
  done();
};
