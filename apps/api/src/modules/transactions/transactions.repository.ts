import { findPage, NEWEST_FIRST } from '@proxy/db';
import type { Db } from '@proxy/db';
import type { PageRequest } from '../../lib/list-query.ts';

const SORT_COLUMNS = { created_at: 'created_at', type: 'type', amount: 'amount_cents' } as const;

export type TransactionsPageQuery = PageRequest<keyof typeof SORT_COLUMNS> & {
  type?: string | undefined;
  hiddenTypes: readonly string[];
};

/** What a row of the transactions table shows. */
const COLUMNS = ['id', 'comment', 'created_at', 'type', 'amount_cents', 'account'] as const;

/** A user's ledger entries (both accounts) without the hidden types, paged. */
export const findTransactionsPage = async (
  db: Db,
  userId: number,
  query: TransactionsPageQuery,
) => {
  let base = db
    .selectFrom('ledger_entries')
    .where('user_id', '=', userId)
    .where('type', 'not in', [...query.hiddenTypes]);
  if (query.type !== undefined) base = base.where('type', '=', query.type);
  return findPage(base, (q) => q.select(COLUMNS), {
    ...query,
    sortColumn: SORT_COLUMNS[query.sort],
    tieBreakers: NEWEST_FIRST,
  });
};
