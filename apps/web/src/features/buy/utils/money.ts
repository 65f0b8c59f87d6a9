import { toCents, toDollars } from '@proxy/contract';

/** Dollars missing to pay `total` from `balance` (0 when enough), to the cent. */
export const missingDollars = (total: number, balance: number): number =>
  toDollars(Math.max(0, toCents(total) - toCents(balance)));
