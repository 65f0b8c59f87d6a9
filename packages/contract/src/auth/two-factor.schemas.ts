import { z } from 'zod';
import { VALIDATION_KEYS, passwordField, textField } from '../common/validation.ts';

/** TOTP (RFC 6238) as every authenticator app reads it: SHA-1, 6 digits, 30 s steps. */
export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  recoveryCodeCount: 10,
  /** How long the second sign-in step may follow the password. */
  challengeTtlSeconds: 300,
} as const;

/**
 * A second-factor code as typed: the authenticator's 6 digits or a recovery code. The format is
 * checked by the server (a wrong code and a malformed one get the same answer).
 */
export const twoFactorCodeField = textField({ error: VALIDATION_KEYS.required, trim: true })
  .min(1, VALIDATION_KEYS.required)
  .max(64, VALIDATION_KEYS.tooLong);

/**
 * The code an action asks for once two-factor sign-in is on (password change, API-key
 * regeneration, withdrawal). Optional in the schema, and empty reads as not given: a form
 * without the field (two-factor off) sends it empty; the server requires it only when on.
 */
export const optionalTwoFactorCode = () =>
  textField({ trim: true }).max(64, VALIDATION_KEYS.tooLong).optional();

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A set-up to confirm: the secret as text (to type in) and the otpauth URI as a QR code (SVG). */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /profile/two-factor/enable and /recovery-codes: a current code. */
export const twoFactorCodeSchema = z.object({ code: twoFactorCodeField });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

/** POST /profile/two-factor/disable: the password and a code. */
export const twoFactorDisableSchema = z.object({
  password: passwordField,
  code: twoFactorCodeField,
});
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** The recovery codes, shown once: when two-factor sign-in is turned on and when regenerated. */
export const recoveryCodesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** The answer of a right password on an account with two-factor sign-in: the second step. */
export const twoFactorChallengeSchema = z.object({
  success: z.literal(true),
  two_factor_required: z.literal(true),
  challenge_token: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /userlogin/two-factor: the challenge of the password step and a code. */
export const loginTwoFactorSchema = z.object({
  challenge_token: textField({ error: VALIDATION_KEYS.required })
    .min(1, VALIDATION_KEYS.required)
    .max(512, VALIDATION_KEYS.tooLong),
  code: twoFactorCodeField,
});
export type LoginTwoFactorInput = z.input<typeof loginTwoFactorSchema>;

/** The body of POST /profile/api-key/regenerate: only the code, when two-factor is on. */
export const regenerateApiKeySchema = z.object({ two_factor_code: optionalTwoFactorCode() });
export type RegenerateApiKeyInput = z.input<typeof regenerateApiKeySchema>;

/** One signed-in device (a live bearer token) on the sessions page. */
export const sessionRowSchema = z.object({
  id: z.number(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  is_current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRowSchema>;
