import { sessionsEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { messageReply } from '../../lib/message-reply.ts';
import { authenticate, tokenSessionOf } from '../../plugins/auth.ts';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.service.ts';

/** The signed-in devices: cabinet sessions only (an API key is no device to list or revoke). */
export const sessionsRoutes: RoutesPlugin = (app, _options, done) => {
  const guard = { preHandler: authenticate };

  addRoute(app, sessionsEndpoints.listSessions, guard, async (request) => ({
    data: await listSessions(app.db, tokenSessionOf(request)),
  }));

  addRoute(app, sessionsEndpoints.revokeSession, guard, async (request) => {
    await revokeSession(app.db, tokenSessionOf(request), request.params.id);
    return messageReply(app, request, 'messages.session_revoked');
  });

  addRoute(app, sessionsEndpoints.revokeOtherSessions, guard, async (request) => {
    const revoked = await revokeOtherSessions(app.db, tokenSessionOf(request));
    return { ...messageReply(app, request, 'messages.sessions_revoked'), revoked };
  });
  done();
};
