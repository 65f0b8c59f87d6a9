import { useState } from 'react';
import {
  functionalUpdate,
  type OnChangeFn,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { TABLE } from '@proxy/contract';

/**
 * The state of a server-driven table in @tanstack/react-table's own shapes (paging and sorting)
 * plus the server filters by name. It is the query key of the list call (`toListQuery`).
 */
export type TableState = {
  pagination: PaginationState;
  sorting: SortingState;
  filters: Record<string, string>;
};

/** What <Table> takes of a table state: spread it (`<Table {...table.bind} />`). */
export type TableBinding = {
  state: TableState;
  onPaginationChange: OnChangeFn<PaginationState>;
  onSortingChange: OnChangeFn<SortingState>;
};

export const initialTableState = (sort: string): TableState => ({
  pagination: { pageIndex: 0, pageSize: TABLE.defaultPageSize },
  sorting: [{ id: sort, desc: true }],
  filters: {},
});

/**
 * Server-driven table state: pass `state` to the list query and `bind` to <Table>. A new page
 * size or a filter goes back to page 1; the sort cycle (new field ascending, then flips) is
 * react-table's own with sort removal switched off.
 */
export const useTableState = <F extends string>(defaultSort: F) => {
  const [state, setState] = useState<TableState>(() => initialTableState(defaultSort));
  const onPaginationChange: OnChangeFn<PaginationState> = (updater) =>
    setState((s) => {
      const next = functionalUpdate(updater, s.pagination);
      const pageIndex = next.pageSize === s.pagination.pageSize ? next.pageIndex : 0;
      return { ...s, pagination: { ...next, pageIndex } };
    });
  const onSortingChange: OnChangeFn<SortingState> = (updater) =>
    setState((s) => ({ ...s, sorting: functionalUpdate(updater, s.sorting) }));
  const setFilter = (name: string, value: string | null) =>
    setState((s) => {
      const filters = { ...s.filters };
      if (value === null || value === '') delete filters[name];
      else filters[name] = value;
      return { ...s, filters, pagination: { ...s.pagination, pageIndex: 0 } };
    });
  const bind: TableBinding = { state, onPaginationChange, onSortingChange };
  /** The value and change handler of one filter control: `<OptionSelect {...table.filter('status')} />`. */
  const filter = (name: string) => ({
    value: state.filters[name] ?? null,
    onChange: (value: string | null) => setFilter(name, value),
  });
  const setPage = (page: number) =>
    onPaginationChange((p) => ({ ...p, pageIndex: Math.max(0, page - 1) }));
  return { state, bind, setFilter, filter, setPage };
};

/** The query of a list call: page, per_page, sort, direction, filters[...] (bracket form). */
export const toListQuery = ({ pagination, sorting, filters }: TableState) => ({
  page: pagination.pageIndex + 1,
  per_page: pagination.pageSize,
  ...(sorting[0] && { sort: sorting[0].id, direction: sorting[0].desc ? 'desc' : 'asc' }),
  filters,
});
