import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../app/app.constants.ts';
import { VALIDATION_KEYS } from './validation-keys.ts';

// The keys have a module of their own, free of zod: a screen can name one without loading zod.
export { VALIDATION_KEYS, type ValidationKey } from './validation-keys.ts';

const CYRILLIC = /[\u0400-\u04FF]/;

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/**
 * True when `value` holds no control character and no lone surrogate: C0 (NUL ... US; tab, LF
 * and CR are allowed only in multi-line text), DEL and C1, and a UTF-16 surrogate without its
 * pair (not a character: PostgreSQL would store U+FFFD). PostgreSQL refuses NUL in text
 * (22021), so a NUL reaching SQL is a 500; the others have no place in what a person types.
 */
export const isCleanText = (value: string, multiline = false): boolean => {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20) {
      if (!multiline || (code !== TAB && code !== LF && code !== CR)) return false;
    } else if (code >= 0x7f && code <= 0x9f) return false;
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) return false;
  }
  return true;
};

/**
 * THE string schema of every request: each text a client sends (body, query, path parameter,
 * header) is a `textField`, so a control character or a lone surrogate is a 422 field error
 * (`control_characters`) and never reaches SQL. A non-string is refused,
 * never coerced. Chain the field's own rules after it (`.min()`, `.max()`, `.refine()`).
 *
 * - `multiline`: tab, LF and CR are allowed (free text over several lines).
 * - `trim`: surrounding whitespace is dropped before the check (a pasted "name@x.io\n").
 * - `error`: the key for a missing or non-string value (default `invalid_value`).
 */
export const textField = (
  options: { multiline?: boolean; trim?: boolean; error?: string } = {},
) => {
  const text = z.string({ error: options.error ?? VALIDATION_KEYS.invalidType });
  return (options.trim ? text.trim() : text).refine(
    (value) => isCleanText(value, options.multiline),
    VALIDATION_KEYS.controlCharacters,
  );
};

/** A required string: missing, non-string and empty all read as "required field". */
export const requiredString = (max = 255) =>
  textField({ error: VALIDATION_KEYS.required, trim: true })
    .min(1, VALIDATION_KEYS.required)
    .max(max, VALIDATION_KEYS.tooLong);

export const emailField = requiredString(255)
  .pipe(z.email(VALIDATION_KEYS.emailInvalid))
  .transform((value) => value.toLowerCase());

/** Password rules of spec section 5: required, no Cyrillic, at least 8 characters. */
export const passwordField = textField({ error: VALIDATION_KEYS.required })
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

type PasswordPair = { password: string; password_confirmation: string };

/**
 * The "confirmation equals password" rule, reported on password_confirmation. It runs even when
 * other fields failed (zod skips object refinements after an aborting issue, e.g. an unchecked
 * terms box), as long as both values are strings: the form then shows every problem at once.
 */
export const confirmationMatches = [
  (data: PasswordPair) => data.password === data.password_confirmation,
  {
    message: VALIDATION_KEYS.passwordConfirm,
    path: ['password_confirmation'],
    when: (payload: { value: unknown }) => {
      const value = payload.value as Partial<Record<keyof PasswordPair, unknown>> | null;
      return (
        typeof value === 'object' &&
        value !== null &&
        typeof value.password === 'string' &&
        typeof value.password_confirmation === 'string'
      );
    },
  },
] as [
  (data: PasswordPair) => boolean,
  { message: string; path: string[]; when: (payload: { value: unknown }) => boolean },
];
