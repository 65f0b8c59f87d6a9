import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { catalogueEndpoints, type PromoCheckResponse } from '@proxy/contract';
import { apiErrorText } from './api-error';
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

/** A promo code the check accepted: its name and what it makes of the price. */
export type AppliedPromo = PromoCheckResponse & { name: string };

/**
 * The promo rules of spec section 4 for a form: `apply` checks the trimmed code (an empty one
 * is ignored); a usable code is handed to `onApplied`; a refused or failed one shows its error
 * (the server's message, else `fallbackError`) and clears the promo (`onApplied(null)`).
 */
export const usePromoCheck = (
  onApplied: (promo: AppliedPromo | null) => void,
  fallbackError: string,
) => {
  const check = useCheckCoupon();
  const [error, setError] = useState<string | undefined>();
  const refuse = (message: string) => {
    setError(message);
    onApplied(null);
  };
  const apply = (input: CheckCouponInput) => {
    const name = input.code.trim();
    if (!name) return;
    check.mutate(
      { ...input, code: name },
      {
        onSuccess: (result) => {
          if (!result.can_use) return refuse(result.message || fallbackError);
          setError(undefined);
          onApplied({ ...result, name });
        },
        onError: (failure) => refuse(apiErrorText(failure, fallbackError)),
      },
    );
  };
  return { apply, error, isPending: check.isPending };
};
