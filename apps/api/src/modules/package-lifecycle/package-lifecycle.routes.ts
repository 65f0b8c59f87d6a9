import type { FastifyReply, FastifyRequest } from 'fastify';
import { packageLifecycleEndpoints as endpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, requireVerified, sessionOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { requireUnrestricted } from '../users/restricted-user.ts';
import { idempotencyOf } from '../purchases/idempotency.ts';
import {
  changeAutoUpdate,
  extendPackage,
  type ExtendRequest,
  type LifecycleContext,
  type RouteFamily,
} from './package-lifecycle.service.ts';

/**
 * Extend / renew and auto-renew (decision 108). Money moves, so the purchases' guards apply
 * (verified e-mail, unrestricted account). A malformed id fails the params schema: 404 like an
 * unknown one (error handler).
 */
export const packageLifecycleRoutes: RoutesPlugin = (app, _options, done) => {
  const guard = { preHandler: [authenticate, requireVerified, requireUnrestricted] };
  const context = (request: FastifyRequest): LifecycleContext => ({
    db: app.db,
    translator: app.translator,
    language: requestLanguage(request),
  });
  const extend = async (request: FastifyRequest, reply: FastifyReply, input: ExtendRequest) => {
    const result = await extendPackage(
      context(request),
      sessionOf(request).user.id,
      input,
      idempotencyOf(request),
    );
    return reply.code(result.statusCode).send(result.body);
  };

  addRoute(app, endpoints.extendPackage, guard, (request, reply) =>
    extend(request, reply, {
      route: 'package',
      packageId: request.params.id,
      period: request.body.period,
    }),
  );
  addRoute(app, endpoints.renewUnlim, guard, (request, reply) =>
    extend(request, reply, {
      route: 'unlim',
      packageId: request.params.packageID,
      uuid: request.body.uuid,
      promo: request.body.promoName,
    }),
  );
  const autoUpdate = (request: FastifyRequest, route: RouteFamily, id: number, on: boolean) =>
    changeAutoUpdate(context(request), sessionOf(request).user.id, route, id, on);
  addRoute(app, endpoints.setPackageAutoUpdate, guard, (request) =>
    autoUpdate(request, 'package', request.params.id, request.body.auto_update),
  );
  addRoute(app, endpoints.setUnlimAutoUpdate, guard, (request) =>
    autoUpdate(request, 'unlim', request.params.packageID, request.body.auto_update),
  );
  done();
};
