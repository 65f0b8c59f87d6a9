import type { TRANSACTION_SORT_FIELDS } from '@proxy/contract';
import { HIDDEN_TRANSACTION_TYPES, LEDGER_ENTRY_TYPES } from '@proxy/contract';
import type { Db } from '../../db/types.ts';
import { pageMeta, pickFilter, type ListQuery } from '../../lib/list-query.ts';
import { findTransactionsPage } from './transactions.repository.ts';

/** Every type a user may filter by: the spec's kinds and their `_error` variants, minus hidden. */
export const TRANSACTION_FILTER_TYPES = LEDGER_ENTRY_TYPES.flatMap((type) => [
  type,
  `${type}_error`,
]).filter((type) => !(HIDDEN_TRANSACTION_TYPES as readonly string[]).includes(type));

export const listTransactions = async (
  db: Db,
  userId: number,
  query: ListQuery<(typeof TRANSACTION_SORT_FIELDS)[number]>,
) => {
  const { rows, total } = await findTransactionsPage(db, {
    userId,
    page: query.page,
    perPage: query.per_page,
    sort: query.sort,
    direction: query.direction,
    type: pickFilter(query.filters, 'type', TRANSACTION_FILTER_TYPES),
    hiddenTypes: HIDDEN_TRANSACTION_TYPES,
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      comment: row.comment,
      created_at: row.created_at.toISOString(),
      type: row.type,
      account: row.account,
      amount: row.amount_cents / 100,
    })),
    meta: pageMeta(query, total),
  };
};
