import type { FastifyReply } from 'fastify';
import { authEndpoints } from '@proxy/contract';
import { addRoute, type RoutesPlugin } from '../../lib/contract-route.ts';
import { createGoogleOidc, type GoogleOidc } from '../../integrations/google-oidc/google-oidc.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  decodeFlowCookie,
  encodeFlowCookie,
  FLOW_COOKIE,
  FLOW_TTL_SECONDS,
} from './google.flow-cookie.ts';
import { clientOf } from '../sessions/client.ts';
import { signInWithGoogle } from './google.service.ts';

const REF = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * GET /auth/providers (public): which sign-in providers are configured.
 * GET /google/redirect?ref= -> 302 to Google; GET /google/callback -> 302 to the SPA's
 * /auth/google/callback with ?token= on success, without it on any failure.
 */
export const googleRoutes: RoutesPlugin = (app, _options, done) => {
  const { config } = app;
  const oidc: GoogleOidc | null =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleOidc({
          issuer: config.GOOGLE_ISSUER,
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          redirectUri: `${config.APP_URL}/api/google/callback`,
        })
      : null;
  const spaCallback = `${config.APP_URL}/auth/google/callback`;
  const cookieOptions = {
    path: '/api/google',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.APP_URL.startsWith('https:'),
  };
  const fail = (reply: FastifyReply, reason: string, error?: unknown) => {
    app.log.warn({ err: error, reason }, 'google sign-in failed');
    reply.clearCookie(FLOW_COOKIE, cookieOptions);
    return reply.redirect(spaCallback, 302);
  };

  addRoute(app, authEndpoints.authProviders, {}, () => ({ google: oidc !== null }));

  addRoute(app, authEndpoints.googleRedirect, {}, async (request, reply) => {
    if (!oidc) throw new AppError('NOT_FOUND');
    const ref =
      request.query.ref !== undefined && REF.test(request.query.ref) ? request.query.ref : null;
    try {
      const { flow, url } = await oidc.start();
      reply.setCookie(FLOW_COOKIE, encodeFlowCookie(config.APP_SECRET, flow, ref), {
        ...cookieOptions,
        maxAge: FLOW_TTL_SECONDS,
      });
      return await reply.redirect(url, 302);
    } catch (error) {
      return fail(reply, 'discovery', error);
    }
  });

  addRoute(app, authEndpoints.googleCallback, {}, async (request, reply) => {
    if (!oidc) throw new AppError('NOT_FOUND');
    const flow = decodeFlowCookie(config.APP_SECRET, request.cookies[FLOW_COOKIE]);
    if (!flow) return fail(reply, 'missing or invalid flow cookie');
    let claims;
    try {
      claims = await oidc.finish(new URL(request.url, config.APP_URL), flow);
    } catch (error) {
      return fail(reply, 'code exchange or id token', error);
    }
    try {
      const outcome = await signInWithGoogle(app.db, claims, {
        ref: flow.ref,
        language: requestLanguage(request),
        config,
        client: clientOf(request),
      });
      reply.clearCookie(FLOW_COOKIE, cookieOptions);
      const query =
        'token' in outcome
          ? `token=${encodeURIComponent(outcome.token)}`
          : `two_factor_challenge=${encodeURIComponent(outcome.challenge)}`;
      return await reply.redirect(`${spaCallback}?${query}`, 302);
    } catch (error) {
      return fail(reply, 'account', error);
    }
  });
  done();
};
