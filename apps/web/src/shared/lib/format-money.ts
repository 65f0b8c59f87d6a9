/** `$` + at most 2 decimals, trailing zeros dropped: 10 -> $10, 10.5 -> $10.5, 10.256 -> $10.26. */
export const formatMoney = (value: number | null | undefined): string => {
  const amount = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const rounded = Math.round((amount + Number.EPSILON) * 100) / 100;
  const text = rounded.toFixed(2).replace(/\.?0+$/, '');
  return `$${text === '-0' ? '0' : text}`;
};
