import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQueryKey } from './profile-query-key';

/**
 * The cache of every packages call: the list, each family's details and a dynamic package's
 * proxy lists live under it. The packages feature fills it; proxy lists and the generator
 * change it too (features do not import each other, so it lives here).
 */
export const packagesQueryKey = ['packages'] as const;

/**
 * A change of a package or its lists: once it settles the packages (list, details, lists) and
 * the profile (the balance) are fetched again, before the caller's promise resolves. The modal
 * shows failures.
 */
export const usePackageMutation = <TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { skipGlobalError: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: packagesQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]),
  });
};
