import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyResponse } from '@proxy/contract';
import { http } from '../../../shared/api/http-client';
import type { BasketItem } from '../stores/basket-store';

const PATHS = {
  dynamic: '/tariff/buy',
  premium: '/tariff/buy',
  unlim: '/tariff/buy-unlim',
  isp: '/tariff/buy-isp',
} as const;

export type BuyInput = { item: BasketItem; promo: string | null; idempotencyKey: string };

/** POST /tariff/buy | /tariff/buy-unlim | /tariff/buy-isp with the spec's payloads; the server prices it. */
export const buyPackage = ({ item, promo, idempotencyKey }: BuyInput): Promise<BuyResponse> => {
  const body = { ...item.payload, promo: promo ?? '' };
  return http.post<BuyResponse>(PATHS[item.flow], body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
};

export const useBuyPackage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyPackage,
    meta: { skipGlobalError: true },
    onSettled: async () => {
      // Profile (balance), packages and ISP stock all change with a purchase.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
        queryClient.invalidateQueries({ queryKey: ['packages'] }),
        queryClient.invalidateQueries({ queryKey: ['isp'] }),
      ]);
    },
  });
};
