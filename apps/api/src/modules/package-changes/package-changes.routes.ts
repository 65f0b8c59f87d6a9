import type { FastifyReply, FastifyRequest } from 'fastify';
import { packageChangesEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, requireVerified, sessionOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { moneyMovementGuard } from '../users/restricted-user.ts';
import { idempotencyOf } from '../purchases/idempotency.ts';
import type { StoredResponse } from '../purchases/idempotency.ts';
import { deletePackage, swapIsp, type ChangeContext } from './package-changes.service.ts';
import { restorePackage } from './restore.service.ts';
import { upgradePackage } from './upgrade.service.ts';
import { listUnlimUpgradeOptions, upgradeUnlim } from './unlim-upgrade.service.ts';

/**
 * Package changes (issue 11, decision 112). A malformed id fails the params schema: 404 like an
 * unknown one (error handler). Changes that take money also need an unrestricted user.
 */
export const packageChangesRoutes: RoutesPlugin = (app, _options, done) => {
  const guard = { preHandler: [authenticate, requireVerified] };
  const contextOf = (request: FastifyRequest): ChangeContext => ({
    db: app.db,
    translator: app.translator,
    language: requestLanguage(request),
  });

  addRoute(app, packageChangesEndpoints.deletePackage, guard, (request) =>
    deletePackage(
      contextOf(request),
      sessionOf(request).user,
      request.params.id,
      request.body.email,
    ),
  );
  addRoute(app, packageChangesEndpoints.deleteUnlim, guard, (request) =>
    deletePackage(
      contextOf(request),
      sessionOf(request).user,
      request.params.packageID,
      request.body.email,
      ['unlim'],
    ),
  );
  addRoute(app, packageChangesEndpoints.swapIsp, guard, (request) =>
    swapIsp(contextOf(request), sessionOf(request).user, request.params.id),
  );
  addRoute(app, packageChangesEndpoints.unlimUpgradeOptions, guard, async (request) => ({
    data: await listUnlimUpgradeOptions(
      app.db,
      sessionOf(request).user.id,
      request.params.packageID,
    ),
  }));

  /** A paid change answers with the status and body it stored (a retry with its key: the first). */
  const send = async <T>(reply: FastifyReply, result: Promise<StoredResponse<T>>) => {
    const { statusCode, body } = await result;
    return reply.code(statusCode).send(body);
  };
  addRoute(app, packageChangesEndpoints.restorePackage, moneyMovementGuard, (request, reply) =>
    send(
      reply,
      restorePackage(
        contextOf(request),
        sessionOf(request).user,
        request.params.id,
        idempotencyOf(request),
      ),
    ),
  );
  addRoute(app, packageChangesEndpoints.upgradePackage, moneyMovementGuard, (request, reply) =>
    send(
      reply,
      upgradePackage(
        contextOf(request),
        sessionOf(request).user,
        request.params.id,
        request.body.tariff_id,
        idempotencyOf(request),
      ),
    ),
  );
  addRoute(app, packageChangesEndpoints.upgradeUnlim, moneyMovementGuard, (request, reply) =>
    send(
      reply,
      upgradeUnlim(
        contextOf(request),
        sessionOf(request).user,
        request.params.packageID,
        request.body.tariff_id,
        idempotencyOf(request),
      ),
    ),
  );
  done();
};
