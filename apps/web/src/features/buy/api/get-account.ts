import { useQuery } from '@tanstack/react-query';
import { profileEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { profileQueryKey } from '../../../shared/api/profile-query-key';
import { isRestrictedUser } from '../../../shared/lib/restricted-user';

/**
 * The buy flow reads the balance and the restricted flag from the cached profile (the same
 * entry the profile feature fills; features do not import each other).
 */
export const useAccount = () => {
  const query = useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => call(profileEndpoints.getProfile, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const user = query.data?.user;
  return {
    balance: user?.balance ?? 0,
    isRestricted: isRestrictedUser(user),
    isLoaded: Boolean(user),
    refetch: query.refetch,
  };
};
