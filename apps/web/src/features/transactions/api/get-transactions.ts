import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PagedResponse } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';
import { toListQuery, type TableState } from '../../../shared/ui/table';

export type TransactionRow = {
  id: number;
  comment: string | null;
  created_at: string;
  type: string;
  amount: number;
};

export const transactionsQueryOptions = (state: TableState) =>
  queryOptions({
    queryKey: ['profile', 'transactions', state],
    queryFn: ({ signal }) =>
      http.get<PagedResponse<TransactionRow>>('/profile/transactions', {
        query: toListQuery(state),
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { skipGlobalError: true },
  });

export const useTransactions = (state: TableState) => useQuery(transactionsQueryOptions(state));
