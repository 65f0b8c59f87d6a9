import { useMutation } from '@tanstack/react-query';
import { referralEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const transferReferralBalance = (body: { amount: number }) =>
  call(referralEndpoints.transfer, { body });

export const useTransferReferral = () =>
  useMutation({ mutationFn: transferReferralBalance, meta: { skipGlobalError: true } });
