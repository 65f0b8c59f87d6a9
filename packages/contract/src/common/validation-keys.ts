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
  amountFormat: 'amount_format',
  controlCharacters: 'control_characters',
} as const;

export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];
