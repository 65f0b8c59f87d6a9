import { useQuery } from '@tanstack/react-query';
import { referralEndpoints } from '@proxy/contract';
import { tablePageQueryOptions } from '../../../shared/api/query-options';
import type { TableState } from '../../../shared/ui/table';

export type { WithdrawalRow } from '@proxy/contract';

export const withdrawalsQueryOptions = (state: TableState) =>
  tablePageQueryOptions('withdrawals', referralEndpoints.listWithdrawals, state);

export const useWithdrawals = (state: TableState) => useQuery(withdrawalsQueryOptions(state));
