import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import { listResponseSchema } from '../common/responses.ts';
import { authResponseSchema, messageResponseSchema } from './auth.schemas.ts';
import {
  loginTwoFactorSchema,
  recoveryCodesResponseSchema,
  sessionRowSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from './two-factor.schemas.ts';

/** Two-factor sign-in (TOTP and recovery codes) of the signed-in user, and its login step. */
export const twoFactorEndpoints = {
  getTwoFactor: defineEndpoint('GET /profile/two-factor', {
    summary: 'Whether two-factor sign-in is on, and how many recovery codes are unused',
    response: twoFactorStatusSchema,
  }),
  setupTwoFactor: defineEndpoint('POST /profile/two-factor/setup', {
    summary: 'Start turning two-factor sign-in on: a new TOTP secret, as text and as a QR code',
    response: twoFactorSetupSchema,
  }),
  enableTwoFactor: defineEndpoint('POST /profile/two-factor/enable', {
    summary: 'Turn two-factor sign-in on with a current code of the set-up secret',
    body: twoFactorCodeSchema,
    response: recoveryCodesResponseSchema,
  }),
  disableTwoFactor: defineEndpoint('POST /profile/two-factor/disable', {
    summary: 'Turn two-factor sign-in off (password and a code)',
    body: twoFactorDisableSchema,
    response: messageResponseSchema,
  }),
  regenerateRecoveryCodes: defineEndpoint('POST /profile/two-factor/recovery-codes', {
    summary: 'Replace the recovery codes with ten new ones (a code)',
    body: twoFactorCodeSchema,
    response: recoveryCodesResponseSchema,
  }),
  loginTwoFactor: defineEndpoint('POST /userlogin/two-factor', {
    summary: 'Second sign-in step: the challenge of POST /userlogin and a TOTP or recovery code',
    body: loginTwoFactorSchema,
    response: authResponseSchema,
  }),
} as const;

/** The signed-in devices of the user (each a live bearer token). */
export const sessionsEndpoints = {
  listSessions: defineEndpoint('GET /profile/sessions', {
    summary: 'Signed-in devices, newest first; is_current marks the caller',
    response: listResponseSchema(sessionRowSchema),
  }),
  revokeSession: defineEndpoint('DELETE /profile/sessions/:id', {
    summary: 'Sign one device out: its token stops working at once',
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: messageResponseSchema,
  }),
  revokeOtherSessions: defineEndpoint('POST /profile/sessions/revoke-others', {
    summary: 'Sign every other device out',
    response: z.object({ success: z.literal(true), message: z.string(), revoked: z.number() }),
  }),
} as const;
