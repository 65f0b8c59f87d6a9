import { formatDollars } from '@proxy/contract';

export const formatDate = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });

/** Signed amounts: "-$5", "$12.5". */
export const formatSigned = (amount: number) => (amount < 0 ? `-${formatDollars(-amount)}` : formatDollars(amount));
