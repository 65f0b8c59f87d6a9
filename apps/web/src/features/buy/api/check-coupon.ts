import { useMutation } from '@tanstack/react-query';
import type { PromoCheckResponse } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';

export type CheckCouponInput = { tariffId: number; code: string; period?: number | undefined };

/** GET /tariff/{tariffId}/check-coupon/{code}?period= */
export const checkCoupon = ({ tariffId, code, period }: CheckCouponInput) =>
  http.get<PromoCheckResponse>(`/tariff/${tariffId}/check-coupon/${encodeURIComponent(code)}`, {
    query: period ? { period } : {},
  });

export const useCheckCoupon = () =>
  useMutation({ mutationFn: checkCoupon, meta: { skipGlobalError: true } });
