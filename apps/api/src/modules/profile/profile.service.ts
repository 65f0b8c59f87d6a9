import type { ProfileResponse, ProfileUpdateInput } from '@proxy/contract';
import type { User } from '@proxy/db';
import {
  assertCurrentPassword,
  changePassword,
  type SignedInSession,
} from '../auth/auth.service.ts';
import { assertTwoFactorCode, type TwoFactorDeps } from '../two-factor/two-factor.service.ts';
import { apiKeyColumns } from '../users/api-key.ts';
import { isRestrictedUser } from '../users/restricted-user.ts';
import { toUserDto } from '../users/user-dto.ts';
import { updateUser, type UserPatch } from '../users/users.repository.ts';

/** Built from the session row: GET /profile costs no query beyond authentication. */
export const getProfile = (user: User, dataKey: Buffer): ProfileResponse => ({
  user: toUserDto(user, dataKey),
  // The deep link's start parameter (https://t.me/{bot}?start={promo_token}); used once the
  // first connection granted the subscription promo (decision 142).
  promo_token: user.promo_token,
  promo_token_used: user.telegram_promo_code_id !== null,
  telegram_connected: user.telegram_chat_id !== null,
});

type ProfileUpdate = { [K in keyof ProfileUpdateInput]: ProfileUpdateInput[K] };

export const updateProfile = async (
  deps: TwoFactorDeps,
  session: SignedInSession,
  input: ProfileUpdate,
) => {
  const { db } = deps;
  const dataKey = deps.config.DATA_ENCRYPTION_KEY;
  let user = session.user;
  // Before any change: a refused password change leaves the whole profile as it was.
  if (input.password !== undefined) {
    await assertCurrentPassword(user, input.current_password);
    await assertTwoFactorCode(deps, user, input.two_factor_code);
  }
  const patch: UserPatch = {};
  if (input.name !== undefined) patch.name = input.name;
  // An empty or null telegram clears it.
  if (input.telegram !== undefined) patch.telegram = input.telegram ? input.telegram : null;
  if (input.locale !== undefined) patch.locale = input.locale;
  // The receipts' buyer (decision 183): empty or null clears it.
  if (input.billing_name !== undefined) patch.billing_name = input.billing_name || null;
  if (input.billing_address !== undefined) patch.billing_address = input.billing_address || null;
  if (Object.keys(patch).length > 0) user = await updateUser(db, user.id, patch);
  if (input.password !== undefined)
    user = await changePassword(db, { ...session, user }, input.password);
  return toUserDto(user, dataKey);
};

/**
 * A new API key in place of the old one (decision 144): the digest the key lookup matches is
 * replaced in the same statement, so the old key is refused from the next request on. A user
 * restricted by one of the special keys stays restricted: the flag is set before the special
 * key goes away, so a new key is no way out of the restriction.
 */
export const regenerateApiKey = async (
  deps: TwoFactorDeps,
  user: User,
  twoFactorCode: string | undefined,
) => {
  const { db } = deps;
  const dataKey = deps.config.DATA_ENCRYPTION_KEY;
  await assertTwoFactorCode(deps, user, twoFactorCode);
  const updated = await updateUser(db, user.id, {
    ...apiKeyColumns(dataKey),
    ...(isRestrictedUser(user) ? { is_restricted: true } : {}),
  });
  return toUserDto(updated, dataKey);
};
