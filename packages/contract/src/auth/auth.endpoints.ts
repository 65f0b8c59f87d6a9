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
import { twoFactorChallengeSchema } from './two-factor.schemas.ts';

/**
 * A query value the route reads leniently: anything but one string counts as absent. A function,
 * not a constant: the web build strips request schemas from definitions (build/
 * strip-endpoint-schemas.ts), and a module-level schema would keep zod in the /login bundle.
 */
const lenientString = () => textField().optional().catch(undefined);

/* The links the browser follows (a mail link, a sign-in step) answer with a redirect. */

/** Sign-up, sign-in, e-mail verification, password reset and Google sign-in. */
export const authEndpoints = {
  register: defineEndpoint('POST /register', {
    summary: 'Create an account and a session (201)',
    body: registerSchema,
    response: authResponseSchema,
  }),
  login: defineEndpoint('POST /userlogin', {
    summary: 'Sign in with e-mail and password',
    body: loginSchema,
    // With two-factor sign-in on, a right password answers the challenge of the second step.
    response: z.union([authResponseSchema, twoFactorChallengeSchema]),
  }),
  logout: defineEndpoint('POST /logout', {
    summary: 'End the current session',
    response: messageResponseSchema,
  }),
  sendEmailVerification: defineEndpoint('POST /email/verify', {
    summary: 'Send the verification mail again',
    body: emailOnlySchema,
    response: messageResponseSchema,
  }),
  confirmEmail: defineEndpoint('GET /email/verify/confirm', {
    summary: 'The link of the verification mail: redirects to the SPA with the outcome',
    query: z.object({ token: lenientString() }),
    response: { kind: 'redirect', status: 302 },
  }),
  forgotPassword: defineEndpoint('POST /forgot-password', {
    summary: 'Mail a password reset link',
    body: emailOnlySchema,
    response: messageResponseSchema,
  }),
  resetPassword: defineEndpoint('POST /reset-password', {
    summary: 'Set a new password with the token of the reset mail',
    body: resetPasswordSchema,
    response: messageResponseSchema,
  }),
  updatePassword: defineEndpoint('POST /update-password', {
    summary: 'Change the password of the signed-in user (knowing the current one)',
    body: updatePasswordSchema,
    response: messageResponseSchema,
  }),
  authProviders: defineEndpoint('GET /auth/providers', {
    summary: 'Which sign-in providers are configured',
    response: z.object({ google: z.boolean() }),
  }),
  googleRedirect: defineEndpoint('GET /google/redirect', {
    summary: 'Start Google sign-in: redirects to Google (ref: referral code of a new account)',
    query: z.object({ ref: lenientString() }),
    response: { kind: 'redirect', status: 302 },
  }),
  googleCallback: defineEndpoint('GET /google/callback', {
    summary:
      "Google's return: redirects to the SPA's /auth/google/callback, with ?token= on success",
    response: { kind: 'redirect', status: 302 },
  }),
} as const;

export type AuthProvidersResponse = z.infer<typeof authEndpoints.authProviders.response>;
