/**
 * Money is integer cents everywhere inside the system; dollars (numbers with at most two
 * decimals) only at the edges: API JSON, forms and display.
 */
export type Cents = number;

/** Dollars -> cents, rounding half away from zero to the nearest cent. */
export const toCents = (dollars: number): Cents =>
  Math.round(Math.abs(dollars) * 100 + 1e-9) * Math.sign(dollars);

export const toDollars = (cents: Cents): number => cents / 100;

/** Spec: "$" prefix, at most 2 decimals, trailing zeros dropped. */
export const formatDollars = (dollars: number): string => {
  const rounded = Math.round(dollars * 100) / 100;
  const text = rounded.toFixed(2).replace(/\.?0+$/, '');
  return `$${text === '-0' ? '0' : text}`;
};

/** True when a dollar amount has at most two decimals (no fractions of a cent). */
export const hasAtMostTwoDecimals = (value: number): boolean =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
