import { Fragment, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, pagerItems, type SortDirection } from '@proxy/contract';
import { Loader } from '../spinner';
import './table.css';

export type TableColumn<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** The server sort field of this column; the header becomes a sort button. */
  sortField?: string;
  /** Right-aligned (amounts). */
  isNumeric?: boolean;
};

export type TableProps<T> = {
  caption: string;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Server paging: the total of rows behind all pages. */
  total: number;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  sort?: { field: string; direction: SortDirection };
  onSortChange?: (field: string) => void;
  isLoading?: boolean;
  emptyText?: string;
  /** Row accordion: a toggle per row reveals this content. */
  renderDetails?: (row: T) => ReactNode;
  /** Optional checkbox column. */
  selection?: {
    selected: ReadonlySet<string | number>;
    onChange: (next: Set<string | number>) => void;
  };
  /** Local search over the loaded rows; applies from 3 characters. */
  searchText?: (row: T) => string;
  /** Filters and other controls shown above the table. */
  toolbar?: ReactNode;
};

export const SEARCH_MIN_LENGTH = 3;

const sortState = (sort: TableProps<unknown>['sort'], field: string | undefined) =>
  sort && field && sort.field === field
    ? sort.direction === 'asc'
      ? 'ascending'
      : 'descending'
    : 'none';

/** The shared table (spec "Shared table behaviour"); cards below 768 px via CSS. */
export const Table = <T,>(props: TableProps<T>) => {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const [openRows, setOpenRows] = useState<ReadonlySet<string | number>>(new Set());
  const { columns, rows, rowKey, renderDetails, selection, searchText } = props;

  const visibleRows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!searchText || needle.length < SEARCH_MIN_LENGTH) return rows;
    return rows.filter((row) => searchText(row).toLowerCase().includes(needle));
  }, [rows, search, searchText]);

  const totalPages = Math.max(1, Math.ceil(props.total / props.perPage));
  const pages = pagerItems(props.page, totalPages);
  const columnCount = columns.length + (selection ? 1 : 0) + (renderDetails ? 1 : 0);
  const allKeys = visibleRows.map(rowKey);
  const isAllSelected =
    selection !== undefined &&
    allKeys.length > 0 &&
    allKeys.every((k) => selection.selected.has(k));

  const toggleRow = (key: string | number) =>
    setOpenRows((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const toggleSelected = (key: string | number) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  return (
    <div className="data-table">
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
            <tr>
              {selection && (
                <th scope="col" className="data-table__check">
                  <input
                    type="checkbox"
                    aria-label={t('table.select_all')}
                    checked={isAllSelected}
                    onChange={() =>
                      selection.onChange(isAllSelected ? new Set() : new Set(allKeys))
                    }
                  />
                </th>
              )}
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={column.sortField ? sortState(props.sort, column.sortField) : undefined}
                  className={column.isNumeric ? 'data-table__numeric' : undefined}
                >
                  {column.sortField && props.onSortChange ? (
                    <button
                      type="button"
                      className="data-table__sort"
                      onClick={() => props.onSortChange?.(column.sortField ?? column.key)}
                    >
                      {column.header}
                      <span aria-hidden="true" className="data-table__sort-icon">
                        {sortState(props.sort, column.sortField) === 'ascending'
                          ? '▲'
                          : sortState(props.sort, column.sortField) === 'descending'
                            ? '▼'
                            : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
              {renderDetails && (
                <th scope="col">
                  <span className="visually-hidden">{t('table.details')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {props.isLoading && visibleRows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="data-table__state">
                  <Loader label={t('app.loading')} />
                </td>
              </tr>
            ) : visibleRows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="data-table__state">
                  {props.emptyText ?? t('table.no_data')}
                </td>
              </tr>
            ) : (
              visibleRows.map((row) => {
                const key = rowKey(row);
                const isOpen = openRows.has(key);
                const detailsId = `${id}-details-${String(key)}`;
                return (
                  <Fragment key={key}>
                    <tr className="data-table__row">
                      {selection && (
                        <td className="data-table__check">
                          <input
                            type="checkbox"
                            aria-label={t('table.select_row', { id: String(key) })}
                            checked={selection.selected.has(key)}
                            onChange={() => toggleSelected(key)}
                          />
                        </td>
                      )}
                      {columns.map((column) => (
                        <td
                          key={column.key}
                          data-label={column.header}
                          className={column.isNumeric ? 'data-table__numeric' : undefined}
                        >
                          {column.render(row)}
                        </td>
                      ))}
                      {renderDetails && (
                        <td className="data-table__toggle">
                          <button
                            type="button"
                            className="btn btn--ghost btn--sm"
                            aria-expanded={isOpen}
                            aria-controls={detailsId}
                            onClick={() => toggleRow(key)}
                          >
                            {isOpen ? t('table.hide_details') : t('table.show_details')}
                          </button>
                        </td>
                      )}
                    </tr>
                    {renderDetails && isOpen && (
                      <tr id={detailsId} className="data-table__details">
                        <td colSpan={columnCount}>{renderDetails(row)}</td>
                      </tr>
                    )}
                  </Fragment>
                );
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
            value={props.perPage}
            onChange={(event) => props.onPerPageChange(Number(event.target.value))}
          >
            {PAGE_SIZE_OPTIONS.map((size) => (
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
                    <button
                      type="button"
                      className="data-table__page"
                      aria-current={item.page === props.page ? 'page' : undefined}
                      aria-label={t('table.page', { page: item.page })}
                      onClick={() => props.onPageChange(item.page)}
                    >
                      {item.page}
                    </button>
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
