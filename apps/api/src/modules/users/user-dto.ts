import { toDollars, type UserDto } from '@proxy/contract';
import type { User } from '@proxy/db';
import { revealApiKey } from './api-key.ts';
import { isRestrictedUser } from './restricted-user.ts';

/** The one place a user row becomes the API's UserDto (cents -> dollars here). */
export const toUserDto = (user: User, dataKey: Buffer): UserDto => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  status: user.status,
  telegram: user.telegram,
  invited: user.invited_by,
  ref_link: user.ref_link,
  api_key: revealApiKey(dataKey, user),
  email_verified_at: user.email_verified_at ? user.email_verified_at.toISOString() : null,
  created_at: user.created_at.toISOString(),
  updated_at: user.updated_at.toISOString(),
  balance: toDollars(user.balance_cents),
  referral_reward: user.referral_reward,
  locale: user.locale,
  referral_balance: toDollars(user.referral_balance_cents),
  is_show_notification: user.is_show_notification,
  is_restricted: isRestrictedUser(user),
  telegram_user: user.telegram_user,
  billing_name: user.billing_name,
  billing_address: user.billing_address,
  two_factor_enabled: user.totp_enabled_at !== null,
});
