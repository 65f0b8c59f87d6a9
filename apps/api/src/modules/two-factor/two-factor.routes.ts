import { twoFactorEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { messageReply } from '../../lib/message-reply.ts';
import { authenticate, tokenSessionOf } from '../../plugins/auth.ts';
import { accountRateLimit } from '../../plugins/rate-limit.ts';
import { loginWithSecondFactor } from '../auth/auth.service.ts';
import { clientOf } from '../sessions/client.ts';
import { CODE_CHECK_LIMIT, codeCheckGuard } from './two-factor.guard.ts';
import {
  challengeUserId,
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  setupTwoFactor,
  type TwoFactorDeps,
} from './two-factor.service.ts';

/**
 * The two-factor settings are cabinet-only (a session, never the API key): they change how the
 * account signs in. Every route that checks a code shares the user's code-check budget.
 */
export const twoFactorRoutes: RoutesPlugin = (app, _options, done) => {
  const deps: TwoFactorDeps = { db: app.db, config: app.config };
  const guarded = codeCheckGuard(app);

  addRoute(app, twoFactorEndpoints.getTwoFactor, { preHandler: authenticate }, (request) =>
    getTwoFactorStatus(deps, tokenSessionOf(request).user),
  );

  addRoute(app, twoFactorEndpoints.setupTwoFactor, { preHandler: authenticate }, (request) =>
    setupTwoFactor(deps, tokenSessionOf(request).user),
  );

  addRoute(app, twoFactorEndpoints.enableTwoFactor, guarded, async (request) => {
    const codes = await enableTwoFactor(deps, tokenSessionOf(request).user, request.body.code);
    return { ...messageReply(app, request, 'messages.two_factor_enabled'), recovery_codes: codes };
  });

  addRoute(app, twoFactorEndpoints.disableTwoFactor, guarded, async (request) => {
    await disableTwoFactor(deps, tokenSessionOf(request).user, request.body);
    return messageReply(app, request, 'messages.two_factor_disabled');
  });

  addRoute(app, twoFactorEndpoints.regenerateRecoveryCodes, guarded, async (request) => {
    const { user } = tokenSessionOf(request);
    const codes = await regenerateRecoveryCodes(deps, user, request.body.code);
    return {
      ...messageReply(app, request, 'messages.recovery_codes_regenerated'),
      recovery_codes: codes,
    };
  });

  // The second sign-in step: limited like login, the account being the challenge's user.
  const challengeAccount = accountRateLimit(app, CODE_CHECK_LIMIT, (request) => {
    const body = request.body as { challenge_token?: unknown } | null | undefined;
    const userId = challengeUserId(body?.challenge_token);
    return userId === null ? null : `user:${userId}`;
  });
  addRoute(app, twoFactorEndpoints.loginTwoFactor, challengeAccount, (request) =>
    loginWithSecondFactor(deps, request.body, clientOf(request)),
  );
  done();
};
