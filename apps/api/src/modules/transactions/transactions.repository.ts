import { findPage, NEWEST_FIRST } from '../../db/paging.ts';
import type { Db } from '../../db/types.ts';

const SORT_COLUMNS = { created_at: 'created_at', type: 'type', amount: 'amount_cents' } as const;

export type TransactionsPageQuery = {
  userId: number;
  page: number;
  perPage: number;
  sort: keyof typeof SORT_COLUMNS;
  direction: 'asc' | 'desc';
  type?: string | undefined;
  hiddenTypes: readonly string[];
};

/** A user's ledger entries (both accounts) without the hidden types, paged. */
export const findTransactionsPage = async (db: Db, query: TransactionsPageQuery) => {
  let base = db
    .selectFrom('ledger_entries')
    .where('user_id', '=', query.userId)
    .where('type', 'not in', [...query.hiddenTypes]);
  if (query.type !== undefined) base = base.where('type', '=', query.type);
  return findPage(
    base,
    (q) =>
      q.select([
        'id',
        'comment',
        'created_at',
        'type',
        'amount_cents',
        'account',
        'balance_after_cents',
      ]),
    { ...query, sortColumn: SORT_COLUMNS[query.sort], tieBreakers: NEWEST_FIRST },
  );
};
