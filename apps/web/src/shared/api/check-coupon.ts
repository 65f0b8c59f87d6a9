import { useMutation } from '@tanstack/react-query';
import { catalogueEndpoints } from '@proxy/contract';
import { call } from './http-client';

export type CheckCouponInput = { tariffId: number; code: string; period?: number | undefined };

/** GET /tariff/{tariffId}/check-coupon/{code}?period= (the buy cart and the unlimited renewal). */
export const checkCoupon = ({ tariffId, code, period }: CheckCouponInput) =>
  call(catalogueEndpoints.checkCoupon, {
    params: { tariffId, code },
    query: period ? { period } : {},
  });

export const useCheckCoupon = () =>
  useMutation({ mutationFn: checkCoupon, meta: { skipGlobalError: true } });
