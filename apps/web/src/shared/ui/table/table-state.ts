import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE, nextSort, type SortDirection } from '@proxy/contract';

export type TableState<F extends string = string> = {
  page: number;
  perPage: number;
  sort: F;
  direction: SortDirection;
  filters: Record<string, string>;
};

export type TableAction<F extends string> =
  | { kind: 'page'; page: number }
  | { kind: 'perPage'; perPage: number }
  | { kind: 'sort'; field: F }
  | { kind: 'filter'; name: string; value: string | null };

/**
 * The spec's table rules as a pure function: a header press follows the sort cycle (new field
 * ascending, same ascending -> descending, else ascending); changing the page size or a filter
 * goes back to page 1.
 */
export const reduceTableState = <F extends string>(
  state: TableState<F>,
  action: TableAction<F>,
): TableState<F> => {
  switch (action.kind) {
    case 'page':
      return { ...state, page: Math.max(1, action.page) };
    case 'perPage':
      return { ...state, perPage: action.perPage, page: 1 };
    case 'sort':
      return {
        ...state,
        ...nextSort({ sort: state.sort, direction: state.direction }, action.field),
      };
    case 'filter': {
      const filters = { ...state.filters };
      if (action.value === null || action.value === '') delete filters[action.name];
      else filters[action.name] = action.value;
      return { ...state, filters, page: 1 };
    }
  }
};

export const initialTableState = <F extends string>(sort: F): TableState<F> => ({
  page: 1,
  perPage: DEFAULT_PAGE_SIZE,
  sort,
  direction: 'desc',
  filters: {},
});

/** Server-driven table state: pass `state` to the list query and the handlers to <Table>. */
export const useTableState = <F extends string>(defaultSort: F) => {
  const [state, setState] = useState<TableState<F>>(() => initialTableState(defaultSort));
  const dispatch = useCallback(
    (action: TableAction<F>) => setState((s) => reduceTableState(s, action)),
    [],
  );
  const setPage = useCallback((page: number) => dispatch({ kind: 'page', page }), [dispatch]);
  const setPerPage = useCallback(
    (perPage: number) => dispatch({ kind: 'perPage', perPage }),
    [dispatch],
  );
  const toggleSort = useCallback((field: F) => dispatch({ kind: 'sort', field }), [dispatch]);
  const setFilter = useCallback(
    (name: string, value: string | null) => dispatch({ kind: 'filter', name, value }),
    [dispatch],
  );
  /** Paging and sorting props for <Table>: spread them (`<Table {...table.bind} />`). */
  const bind = {
    page: state.page,
    perPage: state.perPage,
    onPageChange: setPage,
    onPerPageChange: setPerPage,
    sort: { field: state.sort, direction: state.direction },
    // The table only offers the `sortField`s of its columns, which are of F.
    onSortChange: (field: string) => toggleSort(field as F),
  };
  /** The value and change handler of one filter control: `<FilterSelect {...table.filter('status')} />`. */
  const filter = (name: string) => ({
    value: state.filters[name],
    onChange: (value: string | null) => setFilter(name, value),
  });
  return { state, bind, setPage, setPerPage, toggleSort, setFilter, filter };
};

/** The query of a list call: page, per_page, sort, direction, filters[...] (bracket form). */
export const toListQuery = (state: TableState) => ({
  page: state.page,
  per_page: state.perPage,
  sort: state.sort,
  direction: state.direction,
  filters: state.filters,
});
