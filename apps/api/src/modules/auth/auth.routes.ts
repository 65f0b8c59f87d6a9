import { authEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { authenticate, tokenSessionOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { messageReply } from '../../lib/message-reply.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import { clientOf } from '../sessions/client.ts';
import { passwordChangeGuard } from './password-change-guard.ts';
import {
  confirmEmail,
  forgotPassword,
  login,
  logout,
  register,
  resendVerification,
  resetPassword,
  updatePassword,
  type AuthDeps,
} from './auth.service.ts';

export const authRoutes: RoutesPlugin = (app, _options, done) => {
  const deps: AuthDeps = { db: app.db, config: app.config };
  /** Per IP and per account, each route under its own name (docs/decisions/062). */
  const limit = (name: string) => authRateLimit(app, name);

  addRoute(app, authEndpoints.register, limit('register'), async (request, reply) => {
    const input = request.body;
    const result = await register(
      deps,
      { ...input, ref: input.ref ?? null },
      requestLanguage(request),
      clientOf(request),
    );
    return reply.code(201).send(result);
  });

  addRoute(app, authEndpoints.login, limit('login'), async (request) =>
    login(deps, request.body, clientOf(request)),
  );

  addRoute(app, authEndpoints.logout, { preHandler: authenticate }, async (request) => {
    await logout(deps, tokenSessionOf(request).tokenId);
    return messageReply(app, request, 'messages.logged_out');
  });

  addRoute(app, authEndpoints.sendEmailVerification, limit('email-verify'), async (request) => {
    await resendVerification(deps, request.body.email);
    return messageReply(app, request, 'messages.verification_sent');
  });

  // Opened from the mail: always a redirect to the SPA, which shows the outcome.
  addRoute(app, authEndpoints.confirmEmail, {}, async (request, reply) => {
    const token = request.query.token ?? '';
    const ok = token.length > 0 && token.length < 200 ? await confirmEmail(deps, token) : false;
    return reply.redirect(
      `${app.config.APP_URL}/cabinet/email/verification?successEmailVerify=${ok ? 'true' : 'false'}`,
      302,
    );
  });

  addRoute(app, authEndpoints.forgotPassword, limit('forgot-password'), async (request) => {
    await forgotPassword(deps, request.body.email);
    return messageReply(app, request, 'messages.reset_link_sent');
  });

  addRoute(app, authEndpoints.resetPassword, limit('reset-password'), async (request) => {
    await resetPassword(deps, request.body);
    return messageReply(app, request, 'messages.password_reset');
  });

  addRoute(app, authEndpoints.updatePassword, passwordChangeGuard(app), async (request) => {
    await updatePassword(deps, tokenSessionOf(request), request.body);
    return messageReply(app, request, 'messages.password_updated');
  });
  done();
};
