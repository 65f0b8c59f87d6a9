/** Money lives as integer cents; dollars exist only at the HTTP edge. */
export const centsToDollars = (cents: number) => cents / 100;
