import { z } from 'zod';
import {
  VALIDATION_KEYS,
  confirmationMatches,
  emailField,
  nicknameField,
  passwordField,
  textField,
} from '../common/validation.ts';
import { LANGUAGES } from '../app/app.constants.ts';
import { userSuccessSchema } from '../profile/profile.schemas.ts';
import { optionalTwoFactorCode } from './two-factor.schemas.ts';

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type LoginInput = z.input<typeof loginSchema>;

const passwordShape = {
  password: passwordField,
  password_confirmation: textField({ error: VALIDATION_KEYS.required }),
};

export const registerSchema = z
  .object({
    name: nicknameField,
    email: emailField,
    ...passwordShape,
    terms_checkbox: z.literal(true, { error: VALIDATION_KEYS.terms }),
    ref: textField({ trim: true }).max(64, VALIDATION_KEYS.tooLong).nullish(),
    locale: z.enum(LANGUAGES).optional(),
  })
  .refine(...confirmationMatches);
export type RegisterInput = z.input<typeof registerSchema>;

export const emailOnlySchema = z.object({ email: emailField });
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;

/** The shared "reset-password" schema: the form and POST /reset-password. */
export const resetPasswordSchema = z
  .object({
    email: emailField,
    token: textField({ error: VALIDATION_KEYS.required })
      .min(1, VALIDATION_KEYS.required)
      .max(256, VALIDATION_KEYS.tooLong),
    ...passwordShape,
  })
  .refine(...confirmationMatches);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The form part of the reset screen (token and e-mail come from the URL). */
export const resetPasswordFormSchema = z.object(passwordShape).refine(...confirmationMatches);
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

/** POST /update-password: a signed-in user changes the password knowing the current one. */
export const updatePasswordSchema = z
  .object({
    current_password: textField({ error: VALIDATION_KEYS.required }).min(
      1,
      VALIDATION_KEYS.required,
    ),
    ...passwordShape,
    two_factor_code: optionalTwoFactorCode(),
  })
  .refine(...confirmationMatches);
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

export const authResponseSchema = userSuccessSchema({ token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** A success that only carries a translated text. */
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
