import type { FastifyReply, FastifyRequest } from 'fastify';
import { packageChangesEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, requireVerified, sessionOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { moneyMovementGuard } from '../users/restricted-user.ts';
import { idempotencyOf } from '../purchases/idempotency.ts';
import type { IdempotencyClaim, StoredAnswer } from '../purchases/idempotency.ts';
import type { User } from '@proxy/db';
import { deletePackage, swapIsp, type ChangeContext } from './package-changes.service.ts';
import { restorePackage } from './restore.service.ts';
import { upgradePackage } from './upgrade.service.ts';
import { listUnlimUpgradeOptions, upgradeUnlim } from './unlim-upgrade.service.ts';

/**
 * Package changes (decision 112). A malformed id fails the params schema: 404 like an
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
  const sendPaid = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    change: (
      ctx: ChangeContext,
      user: User,
      idempotency: IdempotencyClaim | null,
    ) => Promise<StoredAnswer<T>>,
  ) => {
    const { statusCode, body } = await change(
      contextOf(request),
      sessionOf(request).user,
      idempotencyOf(request),
    );
    return reply.code(statusCode).send(body);
  };
  addRoute(app, packageChangesEndpoints.restorePackage, moneyMovementGuard, (request, reply) =>
    sendPaid(request, reply, (ctx, user, idempotency) =>
      restorePackage(ctx, user, request.params.id, idempotency),
    ),
  );
  /** Both upgrades name the package in their path (by another name) and the tariff in the body. */
  const sendUpgrade = (
    request: FastifyRequest,
    reply: FastifyReply,
    upgrade: typeof upgradePackage,
    target: { id: number; tariffId: number },
  ) =>
    sendPaid(request, reply, (ctx, user, idempotency) =>
      upgrade(ctx, user, { ...target, idempotency }),
    );
  addRoute(app, packageChangesEndpoints.upgradePackage, moneyMovementGuard, (request, reply) =>
    sendUpgrade(request, reply, upgradePackage, {
      id: request.params.id,
      tariffId: request.body.tariff_id,
    }),
  );
  addRoute(app, packageChangesEndpoints.upgradeUnlim, moneyMovementGuard, (request, reply) =>
    sendUpgrade(request, reply, upgradeUnlim, {
      id: request.params.packageID,
      tariffId: request.body.tariff_id,
    }),
  );
  done();
};
