import type { ProfileResponse, ProfileUpdateInput } from '@proxy/contract';
import type { DbRoot, User } from '@proxy/db';
import { assertCurrentPassword, changePassword } from '../auth/auth.service.ts';
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
  db: DbRoot,
  session: { user: User; tokenId: number },
  input: ProfileUpdate,
  dataKey: Buffer,
) => {
  let user = session.user;
  // Before any change: a refused password change leaves the whole profile as it was.
  if (input.password !== undefined) await assertCurrentPassword(user, input.current_password);
  const patch: UserPatch = {};
  if (input.name !== undefined) patch.name = input.name;
  // An empty or null telegram clears it.
  if (input.telegram !== undefined) patch.telegram = input.telegram ? input.telegram : null;
  if (input.locale !== undefined) patch.locale = input.locale;
  if (Object.keys(patch).length > 0) user = await updateUser(db, user.id, patch);
  if (input.password !== undefined)
    user = await changePassword(db, user, session.tokenId, input.password);
  return toUserDto(user, dataKey);
};
