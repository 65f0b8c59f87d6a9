import { useMutation } from '@tanstack/react-query';
import { referralEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const withdraw = (body: { amount: number; address: string }) =>
  call(referralEndpoints.withdraw, { body });

export const useWithdraw = () =>
  useMutation({ mutationFn: withdraw, meta: { skipGlobalError: true } });
