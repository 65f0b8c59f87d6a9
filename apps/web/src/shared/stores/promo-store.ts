import { create } from 'zustand';
import { onLogout } from '../session/logout';

/** The query parameter that switches on `isSubscriptionPromoQuery` (spec 001 section 2). */
export const SUBSCRIBE_PROMO_PARAM = 'subscribe_promo';

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
