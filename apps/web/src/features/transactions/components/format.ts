import { formatDollars } from '@proxy/contract';

/** Signed amounts: "-$5", "$12.5". */
export const formatSigned = (amount: number) =>
  amount < 0 ? `-${formatDollars(-amount)}` : formatDollars(amount);
