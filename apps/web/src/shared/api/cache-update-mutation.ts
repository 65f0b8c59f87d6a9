import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * A mutation whose answer is written straight into the cache (no refetch): `update` puts it
 * where the queries read it. The caller shows failures (no global toast).
 */
export const useCacheUpdateMutation = <TResult, TInput = void>(
  mutationFn: (input: TInput) => Promise<TResult>,
  update: (queryClient: QueryClient, result: TResult, input: TInput) => void,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { skipGlobalError: true },
    onSuccess: (result, input) => update(queryClient, result, input),
  });
};
