import { useQuery } from '@tanstack/react-query';
import { referralEndpoints } from '@proxy/contract';
import { tablePageQueryOptions } from '../../../shared/api/query-options';
import type { TableState } from '../../../shared/ui/table';

export type { ReferralOverview, ReferralRow } from '@proxy/contract';

/** The overview carries the first page of the referral table: its first load needs no other call. */
export const referralOverviewQueryOptions = (state: TableState) =>
  tablePageQueryOptions('referrals', referralEndpoints.getOverview, state);

export const useReferralOverview = (state: TableState) =>
  useQuery(referralOverviewQueryOptions(state));
