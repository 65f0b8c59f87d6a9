import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionsEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { pageQueryOptions } from '../../../shared/api/query-options';

export const sessionsQueryKey = ['profile', 'sessions'] as const;

export const listSessions = (signal?: AbortSignal) =>
  call(sessionsEndpoints.listSessions, { signal });

export const sessionsQueryOptions = () =>
  queryOptions({
    ...pageQueryOptions(sessionsQueryKey, listSessions),
    select: (response) => response.data,
  });

export const useSessions = () => useQuery(sessionsQueryOptions());

const useSessionsMutation = <I, R>(mutationFn: (input: I) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
};

export const useRevokeSession = () =>
  useSessionsMutation((id: number) =>
    call(sessionsEndpoints.revokeSession, { params: { id: String(id) } }),
  );

export const useRevokeOtherSessions = () =>
  useSessionsMutation(() => call(sessionsEndpoints.revokeOtherSessions));
