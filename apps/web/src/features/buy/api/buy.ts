import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, catalogueEndpoints, type BodyOf } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { profileQueryKey } from '../../../shared/api/profile-query-key';
import type { BasketItem } from '../stores/basket-store';

/** Base and Premium share POST /tariff/buy (the tariff decides the family). */
const ENDPOINTS = {
  dynamic: catalogueEndpoints.buyDynamic,
  premium: catalogueEndpoints.buyDynamic,
  unlim: catalogueEndpoints.buyUnlim,
  isp: catalogueEndpoints.buyIsp,
} as const;

export type BuyInput = { item: BasketItem; promo: string | null; idempotencyKey: string };

/** POST /tariff/buy | /tariff/buy-unlim | /tariff/buy-isp with the spec's payloads; the server prices it. */
export const buyPackage = ({ item, promo, idempotencyKey }: BuyInput) => {
  const endpoint = ENDPOINTS[item.flow];
  // The wizard of each flow fills the payload in its endpoint's shape; the server validates it.
  const body = { ...item.payload, promo: promo ?? '' } as BodyOf<typeof endpoint>;
  return call(endpoint, { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
};

export const useBuyPackage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyPackage,
    meta: { skipGlobalError: true },
    onSettled: async () => {
      // Profile (balance), packages and ISP stock all change with a purchase.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['packages'] }),
        queryClient.invalidateQueries({ queryKey: ['isp'] }),
      ]);
    },
  });
};
