import {
  sql,
  type Expression,
  type Kysely,
  type SelectQueryBuilder,
  type StringReference,
} from 'kysely';
import type { Database } from './database.ts';

/** The lists whose totals user_counts keeps: the counted table's name. */
export type UserCountsList = 'payments' | 'packages';

export type PageOrder<DB, TB extends keyof DB> = {
  sortColumn: StringReference<DB, TB>;
  direction: 'asc' | 'desc';
  /** Applied after the sort column, so ties keep one stable order across pages. */
  tieBreakers: readonly { column: StringReference<DB, TB>; direction: 'asc' | 'desc' }[];
  page: number;
  perPage: number;
};

/**
 * `query` narrowed to the rows whose columns equal `values`; an undefined value (a filter the
 * request left out) narrows nothing. A list and the table that keeps its totals share the
 * filter columns, so one filter object serves both queries.
 */
export const whereEquals = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  values: { [C in keyof DB[TB] & string]?: unknown },
): SelectQueryBuilder<DB, TB, O> => {
  let narrowed = query;
  for (const [column, value] of Object.entries(values))
    if (value !== undefined) narrowed = narrowed.where(sql.ref(column), '=', value);
  return narrowed;
};

/**
 * The total of one of a user's lists from user_counts (kept by the user_counts_track trigger;
 * decision 152): the sum of the counts whose two keys match the list's filters (undefined:
 * any value), a few rows however many the list has. For findPage's `countAll`.
 */
export const countedTotal = (
  db: Kysely<Database>,
  list: UserCountsList,
  userId: number,
  [key1, key2]: readonly [string | number | undefined, string | number | undefined],
) =>
  whereEquals(db.selectFrom('user_counts').where('user_id', '=', userId).where('list', '=', list), {
    key1: key1?.toString(),
    key2: key2?.toString(),
  }).select(sql<string>`coalesce(sum(n), 0)`.as('total'));

/** Newest first, then the id: what every money list uses to break ties. */
export const NEWEST_FIRST = [
  { column: 'created_at', direction: 'desc' },
  { column: 'id', direction: 'desc' },
] as const;

/**
 * One offset page of `base` and how many rows it has in all. `base` is the repository's
 * scoped, filtered query (the owner condition stays in each repository); `columns` picks what
 * a row returns. The count runs on `base` alone (no columns, no order), and only when the page
 * cannot tell: a page with fewer rows than `perPage` is the last one, so the total is
 * offset + rows. Most users fit on one page, and their lists then cost one query, not two.
 * `countAll` replaces that count where the table keeps its totals elsewhere (user_counts):
 * a scalar subquery read with the page's rows, in the same query.
 */
export const findPage = async <DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  columns: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  order: PageOrder<DB, TB>,
  countAll?: Expression<unknown>,
): Promise<{ rows: O[]; total: number }> => {
  let query = columns(base);
  if (countAll) query = query.select(sql<string>`(${countAll})`.as('page_total'));
  query = query.orderBy(order.sortColumn, order.direction);
  for (const tie of order.tieBreakers)
    if (tie.column !== order.sortColumn) query = query.orderBy(tie.column, tie.direction);
  const offset = (order.page - 1) * order.perPage;
  const rows = await query.limit(order.perPage).offset(offset).execute();
  if (rows.length < order.perPage && (rows.length > 0 || offset === 0))
    return { rows, total: offset + rows.length };
  const first = rows[0] as { page_total?: string } | undefined;
  if (countAll && first?.page_total !== undefined) return { rows, total: Number(first.page_total) };
  const count = await (
    countAll
      ? base.select(sql<string>`(${countAll})`.as('total')).limit(1)
      : base.select(sql<string>`count(*)`.as('total'))
  )
    .$castTo<{ total: string }>()
    .executeTakeFirst();
  return { rows, total: Number(count?.total ?? 0) };
};
