import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../app/app.constants.ts';

/**
 * Validation messages are i18n keys in the `base` namespace under `validation.`.
 * Both apps translate them: the web app with i18next, the API by the request's
 * Accept-Language. No English text lives here.
 */
export const VALIDATION_KEYS = {
  required: 'required_field',
  cyrillic: 'cyrillic',
  passwordLength: 'password_length',
  emailInvalid: 'email_invalid',
  passwordConfirm: 'password_confirm',
  terms: 'terms',
  nicknameLength: 'nickname_length',
  telegram: 'telegram',
  emptyInputs: 'empty_inputs',
  invalidType: 'invalid_value',
  tooLong: 'too_long',
} as const;

export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

const CYRILLIC = /[\u0400-\u04FF]/;

/** A required string: missing, non-string and empty all read as "required field". */
export const requiredString = (max = 255) =>
  z
    .string({ error: VALIDATION_KEYS.required })
    .trim()
    .min(1, VALIDATION_KEYS.required)
    .max(max, VALIDATION_KEYS.tooLong);

export const emailField = requiredString(255)
  .pipe(z.email(VALIDATION_KEYS.emailInvalid))
  .transform((value) => value.toLowerCase());

/** Password rules of spec section 5: required, no Cyrillic, at least 8 characters. */
export const passwordField = z
  .string({ error: VALIDATION_KEYS.required })
  .min(1, VALIDATION_KEYS.required)
  .max(128, VALIDATION_KEYS.tooLong)
  .refine((value) => !CYRILLIC.test(value), VALIDATION_KEYS.cyrillic)
  .refine(
    (value) => value.length === 0 || value.length >= PASSWORD_MIN_LENGTH,
    VALIDATION_KEYS.passwordLength,
  );

export const nicknameField = requiredString(64).refine(
  (value) => value.length >= 3,
  VALIDATION_KEYS.nicknameLength,
);

/** The "confirmation equals password" rule, reported on password_confirmation. */
export const confirmationMatches = [
  (data: { password: string; password_confirmation: string }) =>
    data.password === data.password_confirmation,
  { message: VALIDATION_KEYS.passwordConfirm, path: ['password_confirmation'] },
] as [
  (data: { password: string; password_confirmation: string }) => boolean,
  { message: string; path: string[] },
];
