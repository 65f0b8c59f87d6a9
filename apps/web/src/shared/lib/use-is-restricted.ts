import { useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@proxy/contract';
import { isRestrictedUser } from './restricted-user';

/** The profile's query key (features/profile owns the query; shared code may not import it). */
const PROFILE_QUERY_KEY = ['profile'] as const;

/**
 * True for the restricted kind of user (and while no profile is loaded): hide extend buttons,
 * price lines, Buy and Finance. Reads the profile the cabinet layout already loaded; never fetches.
 */
export const useIsRestricted = (): boolean => {
  const { data } = useQuery<ProfileResponse>({
    queryKey: PROFILE_QUERY_KEY,
    enabled: false,
    staleTime: Infinity,
  });
  return isRestrictedUser(data?.user);
};
