import type { Language } from '../app/app.constants.ts';
import type { ProfileUpdateInput } from './profile.schemas.ts';

/**
 * The client-side sending rule of spec section 5: password and confirmation go
 * only when both are present and equal (with the current password, when given);
 * null/undefined/empty fields are dropped.
 */
export const buildProfileUpdatePayload = (input: {
  name?: string | null;
  telegram?: string | null;
  locale?: Language | null;
  current_password?: string | null;
  password?: string | null;
  password_confirmation?: string | null;
  two_factor_code?: string | null;
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
    if (input.current_password) payload.current_password = input.current_password;
    if (input.two_factor_code) payload.two_factor_code = input.two_factor_code;
  }
  return payload;
};
