import { useMutation } from '@tanstack/react-query';
import { paymentsEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import type { TopUpPaymentData } from '../utils/payment-cookie';

export const createPayment = (data: TopUpPaymentData) =>
  call(paymentsEndpoints.createPayment, { body: data });

export const useCreatePayment = () =>
  useMutation({ mutationFn: createPayment, meta: { skipGlobalError: true } });
