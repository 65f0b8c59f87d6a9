import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS } from '@proxy/contract';
import { isApiError } from '../shared/api/api-error';
import { logout, onLogout } from '../shared/session/logout';
import { showAlert } from '../shared/ui/alert-store';
import { translateDynamic } from '../shared/i18n/i18n';

/** `meta.skipGlobalError`: the caller shows the error itself (forms, lists with inline errors). */
declare module '@tanstack/react-query' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Register {
    queryMeta: { skipGlobalError?: boolean };
    mutationMeta: { skipGlobalError?: boolean };
  }
}

const handleError = (error: unknown, skip: boolean | undefined): void => {
  if (isApiError(error) && error.isUnauthorized) {
    void logout();
    return;
  }
  if (skip) return;
  showAlert.error(
    error instanceof Error && error.message ? error.message : translateDynamic('errors.default'),
  );
};

export const createQueryClient = (): QueryClient => {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleError(error, query.meta?.skipGlobalError),
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => handleError(error, mutation.meta?.skipGlobalError),
    }),
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        retry: (count, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
};

export const queryClient = createQueryClient();

// Logout cancels in-flight queries and drops every cached piece of user data.
onLogout(() => {
  void queryClient.cancelQueries();
  queryClient.clear();
});
