import { isLanguage, type Language } from '../app/app.constants.ts';

/** Regional variant per UI language: day first in both ("22/11/2026, 10:30", "22.11.2026, 10:30"). */
const LOCALES: Record<Language, string> = { en: 'en-GB', ru: 'ru-RU' };

/** The Intl locale of a UI language for dates and numbers (English for anything else). */
export const intlLocale = (language: string): string =>
  LOCALES[isLanguage(language) ? language : 'en'];

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (language: string, timeZone: string | undefined): Intl.DateTimeFormat => {
  const locale = intlLocale(language);
  const key = `${locale}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      dateStyle: 'short',
      timeStyle: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
};

/**
 * THE date format (decisions 075, 156): every table and panel of the cabinet (transactions,
 * payments, referral, withdrawals, packages, notifications) and every notification, by mail and
 * Telegram too, writes dates through this. Short date and time in the reader's language, in
 * `timeZone` (the cabinet: the browser's own). `null` is a dash; a value that is not a date is
 * shown as it came rather than as "Invalid Date".
 */
export const formatDateTime = (
  iso: string | null | undefined,
  language: string,
  timeZone?: string,
): string => {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatterFor(language, timeZone).format(date);
};

/**
 * formatDateTime for a reader whose time zone we do not know (a mail, a Telegram message): in
 * UTC, and saying so ("27/01/2027, 04:38 UTC"). A value that is not a date is shown as it came.
 */
export const formatDateTimeUtc = (iso: string, language: string): string => {
  const text = formatDateTime(iso, language, 'UTC');
  return text === iso ? iso : `${text} UTC`;
};
