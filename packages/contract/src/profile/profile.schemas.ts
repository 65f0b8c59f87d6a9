import { z } from 'zod';
import {
  VALIDATION_KEYS,
  confirmationMatches,
  nicknameField,
  passwordField,
} from '../common/validation.ts';
import { LANGUAGES, type Language } from '../app/app.constants.ts';

/** The user as the API returns it (snake_case, spec 000 section 3). */
export type UserDto = {
  id: number;
  name: string;
  email: string;
  role: number;
  status: number;
  telegram: string | null;
  invited: number | null;
  ref_link: string;
  api_key: string;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
  balance: number;
  referral_reward: number;
  locale: Language;
  referral_balance: number;
  is_show_notification: boolean;
  is_restricted: boolean;
  telegram_user: string | null;
};

export type ProfileResponse = {
  user: UserDto;
  promo_token: string | null;
  promo_token_used: boolean;
  telegram_connected: boolean;
};

export type ProfileUpdateResponse = { success: true; message: string; user: UserDto };

const telegramField = z
  .string()
  .trim()
  .max(64, VALIDATION_KEYS.tooLong)
  .refine((value) => value === '' || /^@[A-Za-z0-9_]{1,63}$/.test(value), VALIDATION_KEYS.telegram);

/** Personal information form: name (optional, 3+), telegram (optional, starts with @). */
export const profileInfoFormSchema = z.object({
  name: z.union([z.literal(''), nicknameField]).optional(),
  telegram: telegramField.optional(),
});
export type ProfileInfoFormInput = z.input<typeof profileInfoFormSchema>;

/** Password change form on the profile page. */
export const profilePasswordFormSchema = z
  .object({
    password: passwordField,
    password_confirmation: z
      .string({ error: VALIDATION_KEYS.required })
      .min(1, VALIDATION_KEYS.required),
  })
  .refine(...confirmationMatches);
export type ProfilePasswordFormInput = z.input<typeof profilePasswordFormSchema>;

/**
 * POST /profile. Every field optional; null/undefined are dropped by the client.
 * A password is applied only with an equal confirmation; an empty body is refused.
 */
export const profileUpdateSchema = z
  .object({
    name: nicknameField.optional(),
    telegram: z.union([z.literal(''), telegramField]).nullish(),
    locale: z.enum(LANGUAGES, { error: VALIDATION_KEYS.invalidType }).optional(),
    password: passwordField.optional(),
    password_confirmation: z.string().optional(),
  })
  .superRefine((data, ctx) => {
    if (data.password !== undefined && data.password !== data.password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        message: VALIDATION_KEYS.passwordConfirm,
        path: ['password_confirmation'],
      });
    }
    const hasAny = [data.name, data.telegram, data.locale, data.password].some(
      (v) => v !== undefined,
    );
    if (!hasAny) ctx.addIssue({ code: 'custom', message: VALIDATION_KEYS.emptyInputs, path: [] });
  });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/**
 * The client-side sending rule of spec section 5: password and confirmation go
 * only when both are present and equal; null/undefined/empty fields are dropped.
 */
export const buildProfileUpdatePayload = (input: {
  name?: string | null;
  telegram?: string | null;
  locale?: Language | null;
  password?: string | null;
  password_confirmation?: string | null;
}): ProfileUpdateInput => {
  const payload: ProfileUpdateInput = {};
  if (input.name !== null && input.name !== undefined && input.name !== '')
    payload.name = input.name;
  if (input.telegram !== null && input.telegram !== undefined) payload.telegram = input.telegram;
  if (input.locale !== null && input.locale !== undefined) payload.locale = input.locale;
  if (
    input.password &&
    input.password_confirmation &&
    input.password === input.password_confirmation
  ) {
    payload.password = input.password;
    payload.password_confirmation = input.password_confirmation;
  }
  return payload;
};
