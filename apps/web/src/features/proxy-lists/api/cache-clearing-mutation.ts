import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packagesQueryKey } from '../../../shared/api/packages-query-key';

/**
 * A change of a package or its lists: once it succeeds the package cache (the dynamic panel's
 * proxy_lists and every page of lists) is cleared before the caller's promise resolves; the
 * modal shows failures.
 */
export const useCacheClearingMutation = <TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { skipGlobalError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagesQueryKey }),
  });
};
