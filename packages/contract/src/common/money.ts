import { z } from 'zod';

/**
 * Money is integer cents everywhere inside the system; dollars (numbers with at most two
 * decimals) only at the edges: API JSON, forms and display. These are THE conversions, one per
 * direction; apps/api and apps/web write no `/ 100`, `* 100` or `toFixed(2)` on money:
 * - toCents: dollars from input (forms, request bodies, provider payloads) -> cents;
 * - toDollars: cents -> dollars for responses and computations shown to people;
 * - formatDollars: dollars -> display text ("$10.5").
 * An answer's money field is a dollarsField.
 */
export type Cents = number;

/** Dollars -> cents, rounding half away from zero to the nearest cent. */
export const toCents = (dollars: number): Cents =>
  Math.round(Math.abs(dollars) * 100 + 1e-9) * Math.sign(dollars);

export const toDollars = (cents: Cents): number => cents / 100;

/**
 * A money field of an answer: dollars, as toDollars makes them of the cents inside (balances,
 * prices, amounts). Request bodies read dollars with dollarAmountField.
 */
export const dollarsField = z.number();

/**
 * Spec: "$" prefix, at most 2 decimals, trailing zeros dropped (10 -> $10, 10.5 -> $10.5,
 * 10.256 -> $10.26). Rounds like toCents; a missing or non-finite amount shows as $0.
 */
export const formatDollars = (dollars: number | null | undefined): string => {
  const cents = typeof dollars === 'number' && Number.isFinite(dollars) ? toCents(dollars) : 0;
  const text = toDollars(cents)
    .toFixed(2)
    .replace(/\.?0+$/, '');
  return `$${text === '-0' ? '0' : text}`;
};

/** True when a dollar amount has at most two decimals (no fractions of a cent). */
export const hasAtMostTwoDecimals = (value: number): boolean =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
