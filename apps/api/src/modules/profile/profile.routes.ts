import { profileEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, sessionOf, tokenSessionOf } from '../../plugins/auth.ts';
import { messageReply } from '../../lib/message-reply.ts';
import { passwordChangeGuard } from '../auth/password-change-guard.ts';
import { codeCheckRateLimit } from '../two-factor/two-factor.guard.ts';
import { getProfile, regenerateApiKey, updateProfile } from './profile.service.ts';

export const profileRoutes: RoutesPlugin = (app, _options, done) => {
  const deps = { db: app.db, config: app.config };
  addRoute(app, profileEndpoints.getProfile, { preHandler: authenticate }, (request) =>
    getProfile(sessionOf(request).user, app.config.DATA_ENCRYPTION_KEY),
  );

  // A password change is limited like login (docs/decisions/062); other edits are not.
  addRoute(app, profileEndpoints.updateProfile, passwordChangeGuard(app), async (request) => {
    const user = await updateProfile(deps, tokenSessionOf(request), request.body);
    return { ...messageReply(app, request, 'messages.profile_updated'), user };
  });

  addRoute(
    app,
    profileEndpoints.regenerateApiKey,
    { preHandler: [authenticate, codeCheckRateLimit(app, { onlyWhenEnabled: true })] },
    async (request) => {
      const code = request.body?.two_factor_code;
      const user = await regenerateApiKey(deps, sessionOf(request).user, code);
      return { ...messageReply(app, request, 'messages.api_key_regenerated'), user };
    },
  );
  done();
};
