import { useQuery } from '@tanstack/react-query';
import { paymentsEndpoints, type TransactionRow } from '@proxy/contract';
import { tablePageQueryOptions } from '../../../shared/api/query-options';
import type { TableState } from '../../../shared/ui/table';

export type { TransactionRow };

export const transactionsQueryOptions = (state: TableState) =>
  tablePageQueryOptions('transactions', paymentsEndpoints.listTransactions, state);

export const useTransactions = (state: TableState) => useQuery(transactionsQueryOptions(state));
