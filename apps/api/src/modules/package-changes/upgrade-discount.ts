/**
 * The upgrade discount in percent: the unused share of the current package's price, as a share
 * of the new tariff's price (the customer keeps the value of what they did not use), whole
 * percents rounded down, at most 100.
 */
export const upgradeDiscountPercent = (input: {
  currentPriceCents: number;
  targetPriceCents: number;
  trafficLimitBytes: number;
  usedBytes: number;
}): number => {
  if (input.targetPriceCents <= 0 || input.trafficLimitBytes <= 0) return 0;
  const unused = Math.max(0, 1 - input.usedBytes / input.trafficLimitBytes);
  const credit = input.currentPriceCents * unused;
  return Math.min(100, Math.floor((credit / input.targetPriceCents) * 100));
};
