import { z } from 'zod';
import { optionalTwoFactorCode } from '../auth/two-factor.schemas.ts';
import { dollarsField } from '../common/money.ts';
import {
  VALIDATION_KEYS,
  confirmationMatches,
  nicknameField,
  passwordField,
  textField,
} from '../common/validation.ts';
import { LANGUAGES } from '../app/app.constants.ts';

/** The user as the API returns it (snake_case, spec 000 section 3). */
export const userDtoSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.number(),
  status: z.number(),
  telegram: z.string().nullable(),
  invited: z.number().nullable(),
  ref_link: z.string(),
  api_key: z.string(),
  email_verified_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  balance: dollarsField,
  referral_reward: z.number(),
  locale: z.enum(LANGUAGES),
  referral_balance: dollarsField,
  is_show_notification: z.boolean(),
  is_restricted: z.boolean(),
  telegram_user: z.string().nullable(),
  /** The buyer printed on receipts (decision 183); null until the customer sets one. */
  billing_name: z.string().nullable(),
  billing_address: z.string().nullable(),
  two_factor_enabled: z.boolean(),
});
export type UserDto = z.infer<typeof userDtoSchema>;

export const profileResponseSchema = z.object({
  user: userDtoSchema,
  promo_token: z.string().nullable(),
  promo_token_used: z.boolean(),
  telegram_connected: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** A success that hands back the (new) user: sign-in and sign-up, a profile update. */
export const userSuccessSchema = <const S extends z.ZodRawShape>(shape: S) =>
  z.object({ success: z.literal(true), ...shape, user: userDtoSchema });

export const profileUpdateResponseSchema = userSuccessSchema({ message: z.string() });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

const telegramField = textField({ trim: true })
  .max(64, VALIDATION_KEYS.tooLong)
  .refine((value) => value === '' || /^@[A-Za-z0-9_]{1,63}$/.test(value), VALIDATION_KEYS.telegram);

/** Personal information form: name (optional, 3+), telegram (optional, starts with @). */
export const profileInfoFormSchema = z.object({
  name: z.union([z.literal(''), nicknameField]).optional(),
  telegram: telegramField.optional(),
});
export type ProfileInfoFormInput = z.input<typeof profileInfoFormSchema>;

/** Longest billing name and address a receipt prints (the users table checks them too). */
export const BILLING_NAME_MAX_LENGTH = 200;
export const BILLING_ADDRESS_MAX_LENGTH = 500;

/** Optional; an empty value clears it. */
const billingNameField = textField({ trim: true }).max(
  BILLING_NAME_MAX_LENGTH,
  VALIDATION_KEYS.tooLong,
);
/** Several lines (street, city, country). */
const billingAddressField = textField({ trim: true, multiline: true }).max(
  BILLING_ADDRESS_MAX_LENGTH,
  VALIDATION_KEYS.tooLong,
);

/** The billing details form: who the receipts are made out to. */
export const profileBillingFormSchema = z.object({
  billing_name: billingNameField,
  billing_address: billingAddressField,
});
export type ProfileBillingFormInput = z.input<typeof profileBillingFormSchema>;

/**
 * The current password of a password change (docs/decisions/060). Optional in the schemas: an
 * account made by Google sign-in has none yet; the server requires it when the account has one.
 */
const currentPasswordField = textField().max(128, VALIDATION_KEYS.tooLong);

/** Password change form on the profile page. */
export const profilePasswordFormSchema = z
  .object({
    current_password: currentPasswordField,
    password: passwordField,
    password_confirmation: textField({ error: VALIDATION_KEYS.required }).min(
      1,
      VALIDATION_KEYS.required,
    ),
    two_factor_code: optionalTwoFactorCode(),
  })
  .refine(...confirmationMatches);
export type ProfilePasswordFormInput = z.input<typeof profilePasswordFormSchema>;

/**
 * POST /profile. Every field optional; null/undefined are dropped by the client.
 * A password is applied only with an equal confirmation and, when the account has a password,
 * the right current_password (checked by the server); an empty body is refused.
 */
export const profileUpdateSchema = z
  .object({
    name: nicknameField.optional(),
    telegram: z.union([z.literal(''), telegramField]).nullish(),
    locale: z.enum(LANGUAGES, { error: VALIDATION_KEYS.invalidType }).optional(),
    current_password: currentPasswordField.optional(),
    password: passwordField.optional(),
    password_confirmation: textField().optional(),
    billing_name: billingNameField.nullish(),
    billing_address: billingAddressField.nullish(),
    two_factor_code: optionalTwoFactorCode(),
  })
  .superRefine((data, ctx) => {
    if (data.password !== undefined && data.password !== data.password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        message: VALIDATION_KEYS.passwordConfirm,
        path: ['password_confirmation'],
      });
    }
    const hasAny = [
      data.name,
      data.telegram,
      data.locale,
      data.password,
      data.billing_name,
      data.billing_address,
    ].some((v) => v !== undefined);
    if (!hasAny) ctx.addIssue({ code: 'custom', message: VALIDATION_KEYS.emptyInputs, path: [] });
  });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

// Zod-free, so that the profile page can use it before its forms load zod.
export { buildProfileUpdatePayload } from './profile-payload.ts';
