import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@proxy/contract';
import { packagesQueryKey } from '../../../shared/api/packages-query-key';
import { profileQueryKey } from '../../../shared/api/profile-query-key';

export { packagesQueryKey };

/** The Idempotency-Key header of one attempt of a paid change (a retry of it is answered once). */
export const idempotencyHeader = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/**
 * A change of a package: once it settles the packages (list and details) and the profile (the
 * balance) are fetched again, before the caller's promise resolves. The modal shows failures.
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
