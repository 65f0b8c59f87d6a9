/** The offset-list query every cabinet table shares (page, per_page, sort, direction, filters[...]). */
import { listQuerySchema } from '@proxy/contract';
import { AppError } from './app-error.ts';

const FILTER_KEY = /^filters\[(\w{1,40})\]$/;

/**
 * Filters arrive bracket-serialised (`filters[status]=1`, spec section 7). Fastify's default
 * querystring parser keeps such keys verbatim, so they are read here; an already nested
 * `filters` object (qs-style parsers) is accepted too.
 */
export const readFilters = (query: unknown): Record<string, string> => {
  const filters: Record<string, string> = {};
  if (typeof query !== 'object' || query === null) return filters;
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    const name = FILTER_KEY.exec(key)?.[1];
    if (name && typeof value === 'string' && value !== '') filters[name] = value;
  }
  const nested = (query as { filters?: unknown }).filters;
  if (typeof nested === 'object' && nested !== null)
    for (const [name, value] of Object.entries(nested as Record<string, unknown>))
      if (typeof value === 'string' && value !== '') filters[name] = value;
  return filters;
};

export type ListQuery<F extends string> = {
  page: number;
  per_page: number;
  sort: F;
  direction: 'asc' | 'desc';
  filters: Record<string, string>;
};

/**
 * One schema per list (the sort fields are each list's constant): building a zod schema costs
 * far more than parsing with it, and this runs on every list request.
 */
const schemas = new WeakMap<readonly string[], ReturnType<typeof listQuerySchema>>();

const schemaFor = (sortFields: readonly [string, ...string[]]) => {
  let schema = schemas.get(sortFields);
  if (!schema) {
    schema = listQuerySchema(sortFields);
    schemas.set(sortFields, schema);
  }
  return schema;
};

export const parseListQuery = <const S extends readonly [string, ...string[]]>(
  sortFields: S,
  query: unknown,
): ListQuery<S[number]> => {
  const parsed = schemaFor(sortFields).parse(query ?? {}) as Omit<ListQuery<S[number]>, 'filters'>;
  return { ...parsed, filters: readFilters(query) };
};

/** A filter value that must be one of `allowed`; anything else is a validation error. */
export const pickFilter = <T extends string | number>(
  filters: Record<string, string>,
  name: string,
  allowed: readonly T[],
): T | undefined => {
  const raw = filters[name];
  if (raw === undefined) return undefined;
  const match = allowed.find((value) => String(value) === raw);
  if (match === undefined)
    throw new AppError('VALIDATION_FAILED', {
      errors: { [`filters.${name}`]: ['validation.invalid_value'] },
    });
  return match;
};

export const pageMeta = (query: { page: number; per_page: number }, total: number) => ({
  total,
  page: query.page,
  per_page: query.per_page,
});

/** Which page a repository reads, in its terms (`perPage`), sorted by one of `S`. */
export type PageRequest<S extends string> = {
  page: number;
  perPage: number;
  sort: S;
  direction: 'asc' | 'desc';
};

/** The page a list query asks for, as repositories take it. */
export const pageOf = <S extends string>(query: ListQuery<S>): PageRequest<S> => ({
  page: query.page,
  perPage: query.per_page,
  sort: query.sort,
  direction: query.direction,
});

/** A list answer: one page of rows, each shaped by `toItem`, and the paging meta. */
export const pageAnswer = <Row, Item>(
  query: ListQuery<string>,
  page: { rows: Row[]; total: number },
  toItem: (row: Row) => Item,
) => ({ data: page.rows.map(toItem), meta: pageMeta(query, page.total) });
