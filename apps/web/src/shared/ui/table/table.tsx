import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  flexRender,
  functionalUpdate,
  metaHelper,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ExpandedState,
  type OnChangeFn,
  type Row,
  type RowData,
  type RowSelectionState,
} from '@tanstack/react-table';
import { TABLE, pagerItems } from '@proxy/contract';
import { Loader } from '../spinner';
import type { TableBinding } from './table-state';
import './table.css';

/**
 * What the table uses of react-table: server paging and sorting, row accordions and checkboxes
 * (the row models stay the core one: the server pages and sorts), and the columns' meta.
 */
const features = tableFeatures({
  rowPaginationFeature,
  rowSortingFeature,
  rowExpandingFeature,
  rowSelectionFeature,
  columnMeta: metaHelper<{
    /** Right-aligned (amounts). */
    isNumeric?: boolean;
  }>(),
});
type Features = typeof features;

/** What a row of the table may be: an object or an array, as react-table requires. */
export type TableRow = RowData;

export type TableColumn<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** The server sort field of this column; the header becomes a sort button. */
  sortField?: string;
  /** Right-aligned (amounts). */
  isNumeric?: boolean;
};

export type TableProps<T> = TableBinding & {
  caption: string;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Server paging: the total of rows behind all pages. */
  total: number;
  isLoading?: boolean;
  emptyText?: string;
  /** Row accordion: a toggle per row (of the rows `canExpand` allows) reveals this content. */
  renderDetails?: (row: T) => ReactNode;
  canExpand?: (row: T) => boolean;
  /** Opening a row closes the one open before. */
  isSingleExpand?: boolean;
  /** Optional checkbox column (react-table's row selection, keyed by `rowKey`). */
  selection?: { state: RowSelectionState; onChange: OnChangeFn<RowSelectionState> };
  /** Local search over the loaded rows; applies from 3 characters. */
  searchText?: (row: T) => string;
  /** Filters and other controls shown above the table. */
  toolbar?: ReactNode;
};

export const SEARCH_MIN_LENGTH = 3;

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const SORT_ICON = { asc: '▲', desc: '▼' } as const;

/** The rows newly opened by an expansion change; with `isSingle` only the newest stays open. */
const nextExpanded = (previous: ExpandedState, next: ExpandedState, isSingle: boolean) => {
  if (!isSingle || next === true) return next;
  const wasOpen = previous === true ? {} : previous;
  const opened = Object.keys(next).find((key) => next[key] && !wasOpen[key]);
  return opened === undefined ? next : { [opened]: true };
};

const toColumnDef = <T extends TableRow>(column: TableColumn<T>): ColumnDef<Features, T> => ({
  id: column.sortField ?? column.key,
  // react-table sorts only accessor columns; the server sorts, so the value itself is unused.
  accessorFn: () => column.sortField,
  header: column.header,
  cell: ({ row }) => column.render(row.original),
  enableSorting: column.sortField !== undefined,
  meta: { isNumeric: column.isNumeric },
});

/** A page button of the pager, the current one marked. */
const PageButton = ({
  page,
  current,
  onGo,
}: {
  page: number;
  current: number;
  onGo: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="data-table__page"
      aria-current={page === current ? 'page' : undefined}
      aria-label={t('table.page', { page })}
      onClick={onGo}
    >
      {page}
    </button>
  );
};

/**
 * The shared table (spec "Tables"), driven by @tanstack/react-table with server paging and
 * sorting, row expansion and row selection; cards below 768 px via CSS.
 */
export const Table = <T extends TableRow>(props: TableProps<T>) => {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const { columns, rows, rowKey, renderDetails, canExpand, selection, searchText } = props;

  const data = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!searchText || needle.length < SEARCH_MIN_LENGTH) return [...rows];
    return rows.filter((row) => searchText(row).toLowerCase().includes(needle));
  }, [rows, search, searchText]);

  const columnDefs = useMemo(() => columns.map(toColumnDef), [columns]);

  const onExpandedChange: OnChangeFn<ExpandedState> = (updater) =>
    setExpanded((previous) =>
      nextExpanded(previous, functionalUpdate(updater, previous), props.isSingleExpand ?? false),
    );

  const table = useTable<Features, T>({
    features,
    data,
    columns: columnDefs,
    getRowId: (row) => String(rowKey(row)),
    manualPagination: true,
    manualSorting: true,
    rowCount: props.total,
    enableSortingRemoval: false,
    sortDescFirst: false,
    state: {
      pagination: props.state.pagination,
      sorting: props.state.sorting,
      expanded,
      rowSelection: selection?.state ?? {},
    },
    onPaginationChange: props.onPaginationChange,
    onSortingChange: props.onSortingChange,
    onExpandedChange,
    getRowCanExpand: (row: Row<Features, T>) =>
      renderDetails !== undefined && (canExpand?.(row.original) ?? true),
    enableRowSelection: selection !== undefined,
    onRowSelectionChange: selection?.onChange,
  });

  const current = props.state.pagination.pageIndex + 1;
  const pages = pagerItems(current, table.getPageCount());
  const columnCount = columns.length + (selection ? 1 : 0) + (renderDetails ? 1 : 0);
  const tableRows = table.getRowModel().rows;

  return (
    <div className="stack data-table">
      {(props.toolbar ?? searchText) && (
        <div className="data-table__toolbar">
          {props.toolbar}
          {searchText && (
            <div className="data-table__search">
              <label htmlFor={`${id}-search`} className="visually-hidden">
                {t('table.search')}
              </label>
              <input
                id={`${id}-search`}
                type="search"
                className="field__input"
                placeholder={t('table.search_placeholder', { count: SEARCH_MIN_LENGTH })}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          )}
        </div>
      )}
      <div className="data-table__scroll panel">
        <table className="data-table__table" aria-busy={props.isLoading ? true : undefined}>
          <caption className="visually-hidden">{props.caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {selection && (
                  <th scope="col" className="data-table__check">
                    <input
                      type="checkbox"
                      aria-label={t('table.select_all')}
                      checked={table.getIsAllRowsSelected()}
                      onChange={table.getToggleAllRowsSelectedHandler()}
                    />
                  </th>
                )}
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        header.column.getCanSort()
                          ? sorted
                            ? ARIA_SORT[sorted]
                            : 'none'
                          : undefined
                      }
                      className={
                        header.column.columnDef.meta?.isNumeric ? 'data-table__numeric' : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="data-table__sort"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {title}
                          <span aria-hidden="true" className="data-table__sort-icon">
                            {sorted ? SORT_ICON[sorted] : '↕'}
                          </span>
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
                {renderDetails && (
                  <th scope="col">
                    <span className="visually-hidden">{t('table.details')}</span>
                  </th>
                )}
              </tr>
            ))}
          </thead>
          <tbody>
            {tableRows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="data-table__state">
                  {props.isLoading ? (
                    <Loader label={t('app.loading')} />
                  ) : (
                    (props.emptyText ?? t('table.no_data'))
                  )}
                </td>
              </tr>
            ) : (
              tableRows.flatMap((row) => {
                const detailsId = `${id}-details-${row.id}`;
                const cells = (
                  <tr key={row.id} className="data-table__row">
                    {selection && (
                      <td className="data-table__check">
                        <input
                          type="checkbox"
                          aria-label={t('table.select_row', { id: row.id })}
                          checked={row.getIsSelected()}
                          onChange={row.getToggleSelectedHandler()}
                        />
                      </td>
                    )}
                    {row.getAllCells().map((cell) => (
                      <td
                        key={cell.id}
                        data-label={String(cell.column.columnDef.header)}
                        className={
                          cell.column.columnDef.meta?.isNumeric ? 'data-table__numeric' : undefined
                        }
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                    {renderDetails && (
                      <td className="data-table__toggle">
                        {row.getCanExpand() && (
                          <button
                            type="button"
                            className="btn btn--ghost btn--sm"
                            aria-expanded={row.getIsExpanded()}
                            aria-controls={detailsId}
                            onClick={row.getToggleExpandedHandler()}
                          >
                            {row.getIsExpanded()
                              ? t('table.hide_details')
                              : t('table.show_details')}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                );
                if (!renderDetails || !row.getIsExpanded()) return [cells];
                return [
                  cells,
                  <tr key={`${row.id}-details`} id={detailsId} className="data-table__details">
                    <td colSpan={columnCount}>{renderDetails(row.original)}</td>
                  </tr>,
                ];
              })
            )}
          </tbody>
        </table>
      </div>
      <div className="data-table__footer">
        <label className="data-table__size">
          <span>{t('table.per_page')}</span>
          <select
            className="field__input"
            value={props.state.pagination.pageSize}
            onChange={(event) => table.setPageSize(Number(event.target.value))}
          >
            {TABLE.pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {pages.length > 0 && (
          <nav aria-label={t('table.pagination')} className="data-table__pager">
            <ul>
              {pages.map((item) =>
                item.kind === 'ellipsis' ? (
                  <li key={item.key} aria-hidden="true" className="data-table__ellipsis">
                    …
                  </li>
                ) : (
                  <li key={item.page}>
                    <PageButton
                      page={item.page}
                      current={current}
                      onGo={() => table.setPageIndex(item.page - 1)}
                    />
                  </li>
                ),
              )}
            </ul>
          </nav>
        )}
      </div>
    </div>
  );
};
