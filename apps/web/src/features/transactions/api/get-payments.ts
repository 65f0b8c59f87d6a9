import { useQuery } from '@tanstack/react-query';
import { paymentsEndpoints, type PaymentRow } from '@proxy/contract';
import { tablePageQueryOptions } from '../../../shared/api/query-options';
import type { TableState } from '../../../shared/ui/table';

export type { PaymentRow };

export const paymentsQueryOptions = (state: TableState) =>
  tablePageQueryOptions('payments', paymentsEndpoints.listPayments, state);

export const usePayments = (state: TableState) => useQuery(paymentsQueryOptions(state));
