import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subUsersEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { packagesQueryKey } from './package-mutation';

/** The sub-users of one package, under the packages key (a change of the package refreshes them). */
export const subUsersQueryKey = (packageId: number) =>
  [...packagesQueryKey, 'sub-users', packageId] as const;

/** GET /packages/:id/sub-users: a traffic package's sub-users with credentials and usage. */
export const subUsersQueryOptions = (packageId: number) =>
  queryOptions({
    queryKey: subUsersQueryKey(packageId),
    queryFn: ({ signal }) =>
      call(subUsersEndpoints.listSubUsers, { params: { id: packageId }, signal }).then(
        (response) => response.data,
      ),
    // The section shows a failure itself.
    meta: { skipGlobalError: true },
  });

export const useSubUsers = (packageId: number) => useQuery(subUsersQueryOptions(packageId));

/**
 * A change of a package's sub-users: once it settles their list is fetched again, before the
 * caller's promise resolves. Only that list: the package's own data does not change with them.
 * The section shows failures.
 */
export const useSubUserMutation = <TInput extends { packageId: number }, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { skipGlobalError: true },
    onSettled: (_result, _error, input) =>
      queryClient.invalidateQueries({ queryKey: subUsersQueryKey(input.packageId) }),
  });
};
