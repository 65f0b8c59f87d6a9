import { z } from 'zod';
import { defineEndpoint, type EndpointRequest } from '../http/endpoint.ts';
import { textField } from '../common/validation.ts';
import {
  authResponseSchema,
  emailOnlySchema,
  loginSchema,
  messageResponseSchema,
  registerSchema,
  resetPasswordSchema,
  updatePasswordSchema,
} from './auth.schemas.ts';

/** A query value the route reads leniently: anything but one string counts as absent. */
const lenientString = textField().optional().catch(undefined);

/** A link the browser follows (a mail link, a sign-in step): the API answers with a redirect. */
const browserRedirect = <const P extends string, const R extends EndpointRequest>(
  path: P,
  summary: string,
  request: R,
) =>
  defineEndpoint({
    method: 'GET',
    path,
    summary,
    request,
    response: { kind: 'redirect', status: 302 },
  });

/** Sign-up, sign-in, e-mail verification, password reset and Google sign-in. */
export const authEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/register',
    summary: 'Create an account and a session (201)',
    request: { body: registerSchema },
    response: authResponseSchema,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/userlogin',
    summary: 'Sign in with e-mail and password',
    request: { body: loginSchema },
    response: authResponseSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/logout',
    summary: 'End the current session',
    request: {},
    response: messageResponseSchema,
  }),
  sendEmailVerification: defineEndpoint({
    method: 'POST',
    path: '/email/verify',
    summary: 'Send the verification mail again',
    request: { body: emailOnlySchema },
    response: messageResponseSchema,
  }),
  confirmEmail: browserRedirect(
    '/email/verify/confirm',
    'The link of the verification mail: redirects to the SPA with the outcome',
    { query: z.object({ token: lenientString }) },
  ),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/forgot-password',
    summary: 'Mail a password reset link',
    request: { body: emailOnlySchema },
    response: messageResponseSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/reset-password',
    summary: 'Set a new password with the token of the reset mail',
    request: { body: resetPasswordSchema },
    response: messageResponseSchema,
  }),
  updatePassword: defineEndpoint({
    method: 'POST',
    path: '/update-password',
    summary: 'Change the password of the signed-in user (knowing the current one)',
    request: { body: updatePasswordSchema },
    response: messageResponseSchema,
  }),
  authProviders: defineEndpoint({
    method: 'GET',
    path: '/auth/providers',
    summary: 'Which sign-in providers are configured',
    request: {},
    response: z.object({ google: z.boolean() }),
  }),
  googleRedirect: browserRedirect(
    '/google/redirect',
    'Start Google sign-in: redirects to Google (ref: referral code of a new account)',
    { query: z.object({ ref: lenientString }) },
  ),
  googleCallback: browserRedirect(
    '/google/callback',
    "Google's return: redirects to the SPA's /auth/google/callback, with ?token= on success",
    {},
  ),
} as const;

export type AuthProvidersResponse = z.infer<typeof authEndpoints.authProviders.response>;
