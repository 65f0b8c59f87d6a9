import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Endpoint, Language } from '@proxy/contract';
import { toListQuery, type TableState } from '../ui/table/table-state';
import { call } from './http-client';

/**
 * One page of a server-driven table of the user's own rows (GET /profile/<name>): the table
 * state is in the key and the query string; the shown page stays while the next one loads;
 * the table shows a failure itself (no global toast).
 */
export const tablePageQueryOptions = <E extends Endpoint>(
  name: string,
  endpoint: E,
  state: TableState,
) =>
  queryOptions({
    queryKey: ['profile', name, state] as const,
    queryFn: ({ signal }) => call(endpoint, { query: toListQuery(state), signal }),
    placeholderData: keepPreviousData,
    meta: { skipGlobalError: true },
  });

/** A read whose failure the page shows itself (no global toast). */
export const pageQueryOptions = <K extends QueryKey, T>(
  queryKey: K,
  fetch: (signal: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    meta: { skipGlobalError: true },
  });

/**
 * Texts the API answers in the request language (FAQ, legal documents): kept per language,
 * fresh for `staleTime`; the page shows a failure itself.
 */
export const languageQueryOptions = <T>(
  name: string,
  language: Language,
  fetch: (signal: AbortSignal) => Promise<T>,
  staleTime: number,
) => queryOptions({ ...pageQueryOptions([name, language] as const, fetch), staleTime });
