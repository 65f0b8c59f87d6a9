/**
 * ISP price rule (spec 001 section 9). A tariff's `price` buys its `ports` IPs for 30 days.
 * - 30 days: the base price.
 * - 90 days: 2.5 x base.
 * - 1 day: per IP 0.33 x the 30-day per-IP price, at least $0.65 per IP.
 * - 7 days: per IP 0.75 x the 30-day per-IP price, at least $1.20 per IP.
 * - any other period: 'Invalid period'.
 *
 * Rounding (cents): the per-IP price of a short period is rounded half-up to a whole cent
 * before the minimum applies and before it is multiplied by the number of IPs, so the total
 * is always ports x a price a customer can see per IP. 90 days rounds the total half-up.
 */
export const ISP_PERIODS = [1, 7, 30, 90] as const;
export type IspPeriod = (typeof ISP_PERIODS)[number];
export const DEFAULT_ISP_PERIOD: IspPeriod = 30;

export const ISP_PERIOD_RULES = {
  1: { perIpMultiplier: 0.33, minPerIpCents: 65 },
  7: { perIpMultiplier: 0.75, minPerIpCents: 120 },
} as const;
export const ISP_90_DAY_MULTIPLIER = 2.5;

export const INVALID_PERIOD = 'Invalid period';

export const isIspPeriod = (value: unknown): value is IspPeriod =>
  typeof value === 'number' && (ISP_PERIODS as readonly number[]).includes(value);

export class InvalidPeriodError extends Error {
  constructor() {
    super(INVALID_PERIOD);
  }
}

/** Price in cents of one ISP tariff for a period; throws InvalidPeriodError otherwise. */
export const ispPriceCents = (
  tariff: { priceCents: number; ports: number },
  period: number,
): number => {
  if (!isIspPeriod(period)) throw new InvalidPeriodError();
  if (period === 30) return tariff.priceCents;
  if (period === 90) return Math.round(tariff.priceCents * ISP_90_DAY_MULTIPLIER);
  const rule = ISP_PERIOD_RULES[period];
  const perIp = Math.max(
    rule.minPerIpCents,
    Math.round((tariff.priceCents * rule.perIpMultiplier) / tariff.ports),
  );
  return perIp * tariff.ports;
};
