import { useMutation } from '@tanstack/react-query';
import type { CreatePaymentResponse } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';
import type { TopUpPaymentData } from '../utils/payment-cookie';

export const createPayment = (data: TopUpPaymentData) =>
  http.post<CreatePaymentResponse>('/payment/create', data);

export const useCreatePayment = () =>
  useMutation({ mutationFn: createPayment, meta: { skipGlobalError: true } });
