import type { ProfileResponse, UserDto } from '@proxy/contract';
import { RESTRICTED_API_KEYS } from '../config';

/** The restricted kind of user: flagged by the API, or holding one of the special API keys. */
export const isRestrictedUser = (
  user: Pick<UserDto, 'api_key' | 'is_restricted'> | null | undefined,
): boolean => !user || user.is_restricted || RESTRICTED_API_KEYS.includes(user.api_key);

/** Guarded screens (buy, top-up, transactions, referral) send these users to the profile. */
export const mustLeaveGuardedScreen = (profile: ProfileResponse | null | undefined): boolean =>
  !profile?.user || isRestrictedUser(profile.user);
