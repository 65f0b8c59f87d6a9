import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { TariffSize } from '../../../shared/lib/catalogue-names';
import { onLogout } from '../../../shared/session/logout';

export type BasketFlow = 'dynamic' | 'premium' | 'unlim' | 'isp';

/**
 * One chosen tariff with what the cart shows and what the purchase sends. What is named
 * (the tariff, a country, a location) is kept by what identifies it, so the cart names it in
 * the language of the moment.
 */
export type BasketItem = {
  flow: BasketFlow;
  tariff_id: number;
  tariff: TariffSize;
  /** Dollars per unit (per GB for traffic tariffs, per IP for ISP), for display. */
  price_per: number | null;
  /** Dollars, as the catalogue says; the server computes the charged price itself. */
  total_price: number;
  period: number;
  /** Extra lines of the summary, each under `cart.<key>` of the buy namespace. */
  details: (
    | { key: 'speed' | 'ips' | 'auth' | 'protocol' | 'period'; value: string }
    | { key: 'country'; iso2: string }
    | { key: 'location'; iso2: string; city: string | null }
  )[];
  payload: Record<string, string | number | boolean | null>;
};

export type AppliedPromo = {
  name: string;
  price: number;
  percent: number | null;
  per_gb: number | null;
};

type BasketState = {
  item: BasketItem | null;
  promo: AppliedPromo | null;
  /** Choosing another tariff or period resets the promo (spec section 4). */
  setItem: (item: BasketItem | null) => void;
  setPromo: (promo: AppliedPromo | null) => void;
  /**
   * Set by a successful purchase instead of clearing at once: the cart page must not redirect
   * and the plan builders must not refill the basket while the app navigates to the packages.
   * The buy flow clears a purchased basket when it is entered again.
   */
  isPurchased: boolean;
  markPurchased: () => void;
  clear: () => void;
};

const sameChoice = (a: BasketItem | null, b: BasketItem | null) =>
  a !== null &&
  b !== null &&
  a.flow === b.flow &&
  a.tariff_id === b.tariff_id &&
  a.period === b.period;

export const BASKET_STORAGE_KEY = 'basket';

export const useBasketStore = create<BasketState>()(
  persist(
    (set) => ({
      item: null,
      promo: null,
      isPurchased: false,
      setItem: (item) =>
        set((state) =>
          state.isPurchased
            ? {}
            : { item, promo: sameChoice(state.item, item) ? state.promo : null },
        ),
      setPromo: (promo) => set({ promo }),
      markPurchased: () => set({ isPurchased: true }),
      clear: () => set({ item: null, promo: null, isPurchased: false }),
    }),
    {
      name: BASKET_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 2,
      // A basket kept in an older shape (version 1 named things in one language) is dropped.
      migrate: () => ({ item: null, promo: null, isPurchased: false }),
    },
  ),
);

onLogout(() => useBasketStore.getState().clear());

/**
 * What a plan builder of `flow` starts from: the basket's item when it is of this flow and not
 * bought yet (a bought one is not offered again), and the setter of the basket.
 */
export const useBasketChoice = (flow: BasketFlow) => {
  const item = useBasketStore((state) => state.item);
  const isPurchased = useBasketStore((state) => state.isPurchased);
  const setItem = useBasketStore((state) => state.setItem);
  return { chosen: item?.flow === flow && !isPurchased ? item : null, setItem };
};
