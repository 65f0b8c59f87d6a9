import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PagedResponse } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';
import { toListQuery, type TableState } from '../../../shared/ui/table';

export type ReferralRow = {
  referral_id: number;
  amount: number;
  created_at: string;
  paid_at: string | null;
};
export type ReferralOverview = {
  count_referrals: number;
  reward: number;
  referral_balance: number;
  total_income: number;
  ref_link: string;
  referrals: PagedResponse<ReferralRow>;
};
export type WithdrawalRow = {
  id: number;
  amount: number;
  address: string;
  status: 'waiting' | 'completed' | 'rejected';
  created_at: string;
};
type MessageResponse = { success: true; message: string };

/** The overview carries the first page of the referral table: its first load needs no other call. */
export const referralOverviewQueryOptions = (state: TableState) =>
  queryOptions({
    queryKey: ['profile', 'referrals', state],
    queryFn: ({ signal }) =>
      http.get<ReferralOverview>('/profile/referrals', { query: toListQuery(state), signal }),
    placeholderData: keepPreviousData,
    meta: { skipGlobalError: true },
  });

export const useReferralOverview = (state: TableState) =>
  useQuery(referralOverviewQueryOptions(state));

export const withdrawalsQueryOptions = (state: TableState) =>
  queryOptions({
    queryKey: ['profile', 'withdrawals', state],
    queryFn: ({ signal }) =>
      http.get<{ orders: PagedResponse<WithdrawalRow> }>('/profile/withdrawals', {
        query: toListQuery(state),
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { skipGlobalError: true },
  });

export const useWithdrawals = (state: TableState) => useQuery(withdrawalsQueryOptions(state));

export const useTransferReferral = () =>
  useMutation({
    mutationFn: (body: { amount: number }) =>
      http.post<MessageResponse>('/profile/transfer-referral-balance', body),
    meta: { skipGlobalError: true },
  });

export const useWithdraw = () =>
  useMutation({
    mutationFn: (body: { amount: number; address: string }) =>
      http.post<MessageResponse>('/profile/withdrawals', body),
    meta: { skipGlobalError: true },
  });
