import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { onLogout } from '../session/logout';

type PromoState = {
  isSubscriptionPromoQuery: boolean;
  isCancelingPromo: boolean;
  setSubscriptionPromoQuery: (value: boolean) => void;
  setCancelingPromo: (value: boolean) => void;
  reset: () => void;
};

const initial = { isSubscriptionPromoQuery: false, isCancelingPromo: false };

export const usePromoStore = create<PromoState>()((set) => ({
  ...initial,
  setSubscriptionPromoQuery: (value) => set({ isSubscriptionPromoQuery: value }),
  setCancelingPromo: (value) => set({ isCancelingPromo: value }),
  reset: () => set(initial),
}));

onLogout(() => usePromoStore.getState().reset());

/** The URL query parameter that switches the subscription offer on (spec 001 section 2). */
export const SUBSCRIBE_PROMO_QUERY = 'subscribe_promo';

/** Switches isSubscriptionPromoQuery on when the cabinet is opened with ?subscribe_promo. */
export const useSubscribePromoQuery = () => {
  const { search } = useLocation();
  const setSubscriptionPromoQuery = usePromoStore((state) => state.setSubscriptionPromoQuery);
  useEffect(() => {
    if (new URLSearchParams(search).has(SUBSCRIBE_PROMO_QUERY)) setSubscriptionPromoQuery(true);
  }, [search, setSubscriptionPromoQuery]);
};
