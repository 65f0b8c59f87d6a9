import { z } from 'zod';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../app/app.constants.ts';

/**
 * Money is integer cents everywhere inside the system; dollars (numbers with at most two
 * decimals) only at the edges: API JSON, forms and display. These are THE conversions, one per
 * direction; apps/api and apps/web write no `/ 100`, `* 100` or `toFixed(2)` on money:
 * - toCents: dollars from input (forms, request bodies, provider payloads) -> cents;
 * - toDollars: cents -> dollars for responses and computations shown to people;
 * - formatDollars: dollars -> display text in the user's language ("$10.5", "$10,000").
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

/** The number conventions of each UI language's money (digit groups, decimal sign, $ place). */
const MONEY_LOCALES: Record<Language, string> = { en: 'en-US', ru: 'ru-RU' };
const moneyFormats = new Map<Language, Intl.NumberFormat>();

const moneyFormat = (language: Language): Intl.NumberFormat => {
  let format = moneyFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(MONEY_LOCALES[language], {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(language, format);
  }
  return format;
};

/**
 * THE money text, as the user's language writes it: digits grouped in thousands, at most 2
 * decimals, trailing zeros dropped ("$10", "$10.5", "$10,000"; in Russian "10 000,5 $").
 * Rounds like toCents; a missing or non-finite amount shows as 0. Another language, or none
 * (the API's logs and CLI), reads as English.
 */
export const formatDollars = (
  dollars: number | null | undefined,
  language: string = FALLBACK_LANGUAGE,
): string => {
  const cents = typeof dollars === 'number' && Number.isFinite(dollars) ? toCents(dollars) : 0;
  const format = moneyFormat(isLanguage(language) ? language : FALLBACK_LANGUAGE);
  // A negative amount that rounds to no cent is 0, not "-0".
  return format.format(cents === 0 ? 0 : toDollars(cents));
};

/** True when a dollar amount has at most two decimals (no fractions of a cent). */
export const hasAtMostTwoDecimals = (value: number): boolean =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
