import { z } from 'zod';
import {
  VALIDATION_KEYS,
  confirmationMatches,
  emailField,
  nicknameField,
  passwordField,
} from '../common/validation.ts';
import { LANGUAGES } from '../app/app.constants.ts';
import type { UserDto } from '../profile/profile.schemas.ts';

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type LoginInput = z.input<typeof loginSchema>;

const passwordShape = {
  password: passwordField,
  password_confirmation: z.string({ error: VALIDATION_KEYS.required }),
};

export const registerSchema = z
  .object({
    name: nicknameField,
    email: emailField,
    ...passwordShape,
    terms_checkbox: z.literal(true, { error: VALIDATION_KEYS.terms }),
    ref: z.string().trim().max(64).nullish(),
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
    token: z.string({ error: VALIDATION_KEYS.required }).min(1, VALIDATION_KEYS.required).max(256),
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
    current_password: z
      .string({ error: VALIDATION_KEYS.required })
      .min(1, VALIDATION_KEYS.required),
    ...passwordShape,
  })
  .refine(...confirmationMatches);
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

export type AuthResponse = {
  success: true;
  token: string;
  user: UserDto;
};

export type MessageResponse = {
  success: true;
  message: string;
};
