import {
  HIDDEN_TRANSACTION_TYPES,
  LEDGER_ENTRY_TYPES,
  TRANSACTION_SORT_FIELDS,
  toDollars,
} from '@proxy/contract';
import type { Db } from '@proxy/db';
import { pageAnswer, pageOf, parseListQuery, pickFilter } from '../../lib/list-query.ts';
import { findTransactionsPage } from './transactions.repository.ts';

/** Every type a user may filter by: the spec's kinds and their `_error` variants, minus hidden. */
export const TRANSACTION_FILTER_TYPES = LEDGER_ENTRY_TYPES.flatMap((type) => [
  type,
  `${type}_error`,
]).filter((type) => !(HIDDEN_TRANSACTION_TYPES as readonly string[]).includes(type));

/** A page of the user's ledger entries, as the query string asks (sort, page, filters[type]). */
export const listTransactions = async (db: Db, userId: number, rawQuery: unknown) => {
  const query = parseListQuery(TRANSACTION_SORT_FIELDS, rawQuery);
  const page = await findTransactionsPage(db, userId, {
    ...pageOf(query),
    type: pickFilter(query.filters, 'type', TRANSACTION_FILTER_TYPES),
    hiddenTypes: HIDDEN_TRANSACTION_TYPES,
  });
  return pageAnswer(query, page, (row) => ({
    id: row.id,
    comment: row.comment,
    created_at: row.created_at.toISOString(),
    type: row.type,
    account: row.account,
    amount: toDollars(row.amount_cents),
  }));
};
