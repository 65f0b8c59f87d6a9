import { toCents, toDollars } from '@proxy/contract';

/** Dollars missing to pay `total` from `balance` (0 when enough), to the cent. */
export const missingDollars = (total: number, balance: number): number =>
  toDollars(Math.max(0, toCents(total) - toCents(balance)));

/** A fresh Idempotency-Key per purchase attempt (kept while a retry of the same attempt runs). */
export const newIdempotencyKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
