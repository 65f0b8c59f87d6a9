import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
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

/**
 * A query value the route reads leniently: anything but one string counts as absent. A function,
 * not a constant: the web build strips request schemas from definitions (build/
 * strip-endpoint-schemas.ts), and a module-level schema would keep zod in the /login bundle.
 */
const lenientString = () => textField().optional().catch(undefined);

/*
 * The links the browser follows (a mail link, a sign-in step) answer with a redirect. They are
 * written out as literal definitions, as every endpoint is, for the same reason.
 */

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
  confirmEmail: defineEndpoint({
    method: 'GET',
    path: '/email/verify/confirm',
    summary: 'The link of the verification mail: redirects to the SPA with the outcome',
    request: { query: z.object({ token: lenientString() }) },
    response: { kind: 'redirect', status: 302 },
  }),
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
  googleRedirect: defineEndpoint({
    method: 'GET',
    path: '/google/redirect',
    summary: 'Start Google sign-in: redirects to Google (ref: referral code of a new account)',
    request: { query: z.object({ ref: lenientString() }) },
    response: { kind: 'redirect', status: 302 },
  }),
  googleCallback: defineEndpoint({
    method: 'GET',
    path: '/google/callback',
    summary:
      "Google's return: redirects to the SPA's /auth/google/callback, with ?token= on success",
    request: {},
    response: { kind: 'redirect', status: 302 },
  }),
} as const;

export type AuthProvidersResponse = z.infer<typeof authEndpoints.authProviders.response>;
