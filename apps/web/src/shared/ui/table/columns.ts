import { formatDollars } from '@proxy/contract';
import { formatDateTime } from '../../lib/format-date';
import type { TableColumn } from './table';

/** The keys of `T` whose values are of type `V`. */
type KeysOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T] & string;

/** A column of the row's number as `#id`. */
export const idColumn = <T>(field: KeysOf<T, number>, header: string): TableColumn<T> => ({
  key: field,
  header,
  render: (row) => `#${row[field] as number}`,
});

/** A column of a date and time (THE date format of the cabinet), sortable by its field. */
export const dateColumn = <T>(
  field: KeysOf<T, string | null>,
  header: string,
  language: string,
): TableColumn<T> => ({
  key: field,
  header,
  sortField: field,
  render: (row) => formatDateTime(row[field] as string | null, language),
});

/** A right-aligned column of a dollar amount (THE money format, signed), sortable as `amount`. */
export const amountColumn = <T extends { amount: number }>(
  header: string,
  language: string,
): TableColumn<T> => ({
  key: 'amount',
  header,
  sortField: 'amount',
  isNumeric: true,
  render: (row) => formatDollars(row.amount, language),
});
