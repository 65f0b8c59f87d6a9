import { useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';
import { isRestrictedUser } from '../../../shared/lib/restricted-user';

/**
 * The buy flow reads the balance and the restricted flag from the cached profile (the same
 * ['profile'] entry the profile feature fills; features do not import each other).
 */
export const useAccount = () => {
  const query = useQuery({
    queryKey: ['profile'],
    queryFn: ({ signal }) => http.get<ProfileResponse>('/profile', { signal }),
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
