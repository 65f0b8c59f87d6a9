import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PagedResponse } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';
import { toListQuery, type TableState } from '../../../shared/ui/table';

export type PaymentRow = {
  id: string;
  created_at: string;
  status: 0 | 1 | 2;
  merchant: number;
  system_name: string;
  amount: number;
};

export const paymentsQueryOptions = (state: TableState) =>
  queryOptions({
    queryKey: ['profile', 'payments', state],
    queryFn: ({ signal }) =>
      http.get<PagedResponse<PaymentRow>>('/profile/payments', {
        query: toListQuery(state),
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { skipGlobalError: true },
  });

export const usePayments = (state: TableState) => useQuery(paymentsQueryOptions(state));
