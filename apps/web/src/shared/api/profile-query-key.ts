/**
 * The cache key of GET /profile: the profile feature fills it, others (buy, referral, email
 * verification) read or refresh it. Features do not import each other, so it lives here.
 */
export const profileQueryKey = ['profile'] as const;
