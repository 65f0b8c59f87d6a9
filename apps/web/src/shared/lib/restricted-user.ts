import type { ProfileResponse, UserDto } from '@proxy/contract';

/**
 * The restricted kind of user, as the API decides it (`is_restricted`: operator flag or one of the
 * spec's special API keys, which only the server knows; decision 067). The API also refuses
 * these users on the guarded routes, so this only shapes the menu and screens.
 */
export const isRestrictedUser = (
  user: Pick<UserDto, 'is_restricted'> | null | undefined,
): boolean => !user || user.is_restricted;

/** Guarded screens (buy, top-up, transactions, referral) send these users to the profile. */
export const mustLeaveGuardedScreen = (profile: ProfileResponse | null | undefined): boolean =>
  !profile?.user || isRestrictedUser(profile.user);
