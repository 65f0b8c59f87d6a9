import { z } from 'zod';

/**
 * The shared table (spec 000 section 2, "Shared table behaviour"): its default order and page
 * size, the page sizes offered, how many pages the pager shows in full, and how long a local
 * search term must be.
 */
export const TABLE = {
  defaultSortField: 'created_at',
  defaultSortDirection: 'desc',
  defaultPageSize: 10,
  pageSizeOptions: [10, 20, 50, 100],
  pagerFullWindow: 6,
  searchMinLength: 3,
} as const;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * Query of every paged list (spec "Shared table behaviour"): page, per_page (10/20/50/100),
 * sort (one of the list's sortable fields, default created_at) and direction (default desc).
 * Filters are bracket-serialised by the client: filters[status]=1.
 */
export const listQuerySchema = <const S extends readonly [string, ...string[]]>(sortFields: S) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce
      .number()
      .int()
      .refine((n) => (TABLE.pageSizeOptions as readonly number[]).includes(n), 'invalid_value')
      .default(TABLE.defaultPageSize),
    sort: z.enum(sortFields).default(sortFields[0]),
    direction: z.enum(SORT_DIRECTIONS).default(TABLE.defaultSortDirection),
  });

export type PagedResponse<T> = {
  data: T[];
  meta: { total: number; page: number; per_page: number };
};

export const pageMetaSchema = z.object({
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});

/** A page of `row`: `{ data, meta: { total, page, per_page } }`. */
export const pagedResponseSchema = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), meta: pageMetaSchema });

/**
 * The query of a paged list as the route sees it: the shared fields validated, the
 * bracket-serialised `filters[name]` keys kept for the list's own filter rules.
 */
export const listRouteQuerySchema = <const S extends readonly [string, ...string[]]>(
  sortFields: S,
) => listQuerySchema(sortFields).loose();

/** The next sort state when a column header is pressed (spec section 4 "Sorting"). */
export const nextSort = <F extends string>(
  current: { sort: F; direction: SortDirection },
  field: F,
): { sort: F; direction: SortDirection } => {
  if (current.sort !== field) return { sort: field, direction: 'asc' };
  return { sort: field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
};

export type PagerItem = { kind: 'page'; page: number } | { kind: 'ellipsis'; key: string };

/**
 * Pages to show: none for a single page, all of them up to TABLE.pagerFullWindow (6), otherwise
 * the first, the last, a window of one around the current page, and ellipses for the gaps.
 */
export const pagerItems = (current: number, totalPages: number): PagerItem[] => {
  if (totalPages <= 1) return [];
  if (totalPages <= TABLE.pagerFullWindow)
    return Array.from({ length: totalPages }, (_, i) => ({ kind: 'page', page: i + 1 }));
  const pages = new Set(
    [1, totalPages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= totalPages),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1)
      items.push({ kind: 'ellipsis', key: `gap-${previous}` });
    items.push({ kind: 'page', page });
  });
  return items;
};
