import {
  DEFAULT_PAYMENT_NETWORK,
  TOP_UP_PAYMENT_COOKIE,
  TOP_UP_PAYMENT_COOKIE_TTL_HOURS,
  toCents,
  toDollars,
} from '@proxy/contract';
import { readCookie, writeCookie } from '../../../shared/lib/cookies';

/** The payload of POST /payment/create, kept for the result page's Retry (spec: 2 hours). */
export type TopUpPaymentData = {
  amount: number | string;
  type: number;
  payment_system: number | null;
  network: string;
};

export const TOP_UP_COOKIE = TOP_UP_PAYMENT_COOKIE;
const LIFETIME_DAYS = TOP_UP_PAYMENT_COOKIE_TTL_HOURS / 24;

export const savePaymentData = (data: TopUpPaymentData) =>
  writeCookie(TOP_UP_COOKIE, JSON.stringify(data), {
    days: LIFETIME_DAYS,
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });

export const readPaymentData = (): TopUpPaymentData | null => {
  const raw = readCookie(TOP_UP_COOKIE);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<TopUpPaymentData>;
    if (
      typeof value.type !== 'number' ||
      (typeof value.amount !== 'number' && typeof value.amount !== 'string')
    )
      return null;
    return {
      amount: value.amount,
      type: value.type,
      payment_system: typeof value.payment_system === 'number' ? value.payment_system : null,
      network: typeof value.network === 'string' ? value.network : DEFAULT_PAYMENT_NETWORK,
    };
  } catch {
    return null;
  }
};

/** `?amount=12.5` from the buy flow: a positive number with at most 2 decimals, else empty. */
export const amountFromQuery = (value: string | null): string => {
  if (!value) return '';
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? String(toDollars(toCents(n))) : '';
};
