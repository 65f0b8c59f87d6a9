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
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'comment', 'created_at', 'type', 'amount_cents', 'account', 'balance_after_cents'])
      .orderBy(SORT_COLUMNS[query.sort], query.direction)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
};
