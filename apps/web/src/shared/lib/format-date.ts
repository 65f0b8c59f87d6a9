import { intlLocale } from './intl-locale';

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (language: string, timeZone: string | undefined): Intl.DateTimeFormat => {
  // Day first in both languages: "22/11/2026, 10:30", "22.11.2026, 10:30".
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
 * THE date format of the cabinet: every table and panel (transactions, payments, referral,
 * withdrawals, packages, notifications) shows dates through this. Short date and time in the UI
 * language, in the browser's time zone (`timeZone` is for tests). `null` is a dash; a value that
 * is not a date is shown as it came rather than as "Invalid Date".
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
