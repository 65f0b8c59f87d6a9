import { subUsersEndpoints as endpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import {
  createSubUser,
  deleteSubUser,
  listSubUsers,
  subUserUsage,
  updateSubUser,
  type SubUsersContext,
} from './sub-users.service.ts';

/**
 * Sub-users of dynamic and premium packages (decision 187), for the cabinet's bearer session
 * and the reseller's X-Api-Key alike (`access: 'api-key'` in the contract).
 */
export const subUsersRoutes: RoutesPlugin = (app, _options, done) => {
  const ctx: SubUsersContext = { db: app.db, dataKey: app.config.DATA_ENCRYPTION_KEY };
  const guard = { preHandler: authenticate };
  const userOf = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user.id;

  addRoute(app, endpoints.listSubUsers, guard, async (request) => ({
    data: await listSubUsers(ctx, userOf(request), request.params.id),
  }));
  addRoute(app, endpoints.createSubUser, guard, async (request) => ({
    data: await createSubUser(ctx, userOf(request), request.params.id, request.body),
  }));
  addRoute(app, endpoints.updateSubUser, guard, async (request) => ({
    data: await updateSubUser(
      ctx,
      userOf(request),
      request.params.id,
      request.params.subUserId,
      request.body,
    ),
  }));
  addRoute(app, endpoints.deleteSubUser, guard, async (request, reply) => {
    await deleteSubUser(ctx, userOf(request), request.params.id, request.params.subUserId);
    return reply.code(204).send();
  });
  addRoute(app, endpoints.getSubUserUsage, guard, async (request) => ({
    data: await subUserUsage(
      ctx,
      userOf(request),
      request.params.id,
      request.params.subUserId,
      request.query,
    ),
  }));
  done();
};
