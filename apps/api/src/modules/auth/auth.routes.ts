import type { FastifyPluginCallback } from 'fastify';
import {
  emailOnlySchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  updatePasswordSchema,
} from '@proxy/contract';
import { authenticate, sessionOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
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

export const authRoutes: FastifyPluginCallback = (app, _options, done) => {
  const deps: AuthDeps = { db: app.db, config: app.config };
  const message = (request: Parameters<typeof requestLanguage>[0], key: string) => ({
    success: true as const,
    message: app.translator.t(requestLanguage(request), key),
  });

  app.post('/register', authRateLimit(app, 'register'), async (request, reply) => {
    const input = registerSchema.parse(request.body);
    const result = await register(
      deps,
      { ...input, ref: input.ref ?? null },
      requestLanguage(request),
    );
    return reply.code(201).send(result);
  });

  app.post('/userlogin', authRateLimit(app, 'login'), async (request) =>
    login(deps, loginSchema.parse(request.body)),
  );

  app.post('/logout', { preHandler: authenticate }, async (request) => {
    await logout(deps, sessionOf(request).tokenId);
    return message(request, 'messages.logged_out');
  });

  app.post('/email/verify', authRateLimit(app, 'email-verify'), async (request) => {
    await resendVerification(deps, emailOnlySchema.parse(request.body).email);
    return message(request, 'messages.verification_sent');
  });

  // Opened from the mail: always a redirect to the SPA, which shows the outcome.
  app.get<{ Querystring: { token?: unknown } }>('/email/verify/confirm', async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const ok = token.length > 0 && token.length < 200 ? await confirmEmail(deps, token) : false;
    return reply.redirect(
      `${app.config.APP_URL}/cabinet/email/verification?successEmailVerify=${ok ? 'true' : 'false'}`,
      302,
    );
  });

  app.post('/forgot-password', authRateLimit(app, 'forgot-password'), async (request) => {
    await forgotPassword(deps, emailOnlySchema.parse(request.body).email);
    return message(request, 'messages.reset_link_sent');
  });

  app.post('/reset-password', authRateLimit(app, 'reset-password'), async (request) => {
    await resetPassword(deps, resetPasswordSchema.parse(request.body));
    return message(request, 'messages.password_reset');
  });

  app.post('/update-password', { preHandler: authenticate }, async (request) => {
    await updatePassword(deps, sessionOf(request), updatePasswordSchema.parse(request.body));
    return message(request, 'messages.password_updated');
  });
  done();
};
