import { describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Table, type TableColumn } from './table';
import type { RowSelectionState } from '@tanstack/react-table';
import { initialTableState, toListQuery, useTableState } from './table-state';

type Row = { id: number; name: string; amount: number };
const columns: TableColumn<Row>[] = [
  { key: 'id', header: 'ID', render: (r) => `#${r.id}`, sortField: 'created_at' },
  { key: 'name', header: 'Name', render: (r) => r.name },
  {
    key: 'amount',
    header: 'Amount',
    render: (r) => `$${r.amount}`,
    sortField: 'amount',
    isNumeric: true,
  },
];
const rows: Row[] = [
  { id: 1, name: 'alpha', amount: 5 },
  { id: 2, name: 'beta', amount: 7 },
  { id: 3, name: 'alphabet', amount: 9 },
];

type Props = Parameters<typeof Table<Row>>[0];

/** What every table here starts from: the three rows on one page, newest first, spied handlers. */
const defaultProps = () =>
  ({
    caption: 'Payments',
    columns,
    rows,
    rowKey: (r: Row) => r.id,
    total: 3,
    state: initialTableState('created_at'),
    onPaginationChange: vi.fn(),
    onSortingChange: vi.fn(),
  }) satisfies Props;

/** Renders the table with `props` over the defaults; returns them (with the spied handlers). */
const renderTable = (props: Partial<Props> = {}) => {
  const all = { ...defaultProps(), ...props };
  render(<Table<Row> {...all} />);
  return all;
};

/** A table driven by useTableState, its state shown for the assertions. */
const StatefulTable = (props: Partial<Props>) => {
  const table = useTableState('created_at');
  return (
    <>
      <output data-testid="state">{JSON.stringify(toListQuery(table.state))}</output>
      <Table<Row> {...defaultProps()} {...props} {...table.bind} />
    </>
  );
};
const shownState = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as unknown;

describe('useTableState', () => {
  it('starts on page 1, 10 rows, created_at descending', () => {
    const { result } = renderHook(() => useTableState('created_at'));
    expect(toListQuery(result.current.state)).toEqual({
      page: 1,
      per_page: 10,
      sort: 'created_at',
      direction: 'desc',
      filters: {},
    });
  });
  it('follows the sort cycle: new field asc, same asc -> desc, desc -> asc', async () => {
    const user = userEvent.setup();
    render(<StatefulTable />);
    const amount = screen.getByRole('button', { name: /Amount/ });
    await user.click(amount);
    expect(shownState()).toMatchObject({ sort: 'amount', direction: 'asc' });
    await user.click(amount);
    expect(shownState()).toMatchObject({ sort: 'amount', direction: 'desc' });
    await user.click(amount);
    expect(shownState()).toMatchObject({ sort: 'amount', direction: 'asc' });
    await user.click(screen.getByRole('button', { name: /ID/ }));
    expect(shownState()).toMatchObject({ sort: 'created_at', direction: 'asc' });
  });
  it('goes back to page 1 when the page size or a filter changes', async () => {
    const user = userEvent.setup();
    render(<StatefulTable total={200} />);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(shownState()).toMatchObject({ page: 3 });
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(shownState()).toMatchObject({ page: 1, per_page: 50 });
  });
  it('binds one filter control: its value, and a change that sets or clears it on page 1', () => {
    const { result } = renderHook(() => useTableState('created_at'));
    act(() => result.current.setPage(3));
    expect(result.current.state.pagination.pageIndex).toBe(2);
    expect(result.current.filter('status').value).toBeNull();
    act(() => result.current.filter('status').onChange('2'));
    expect(result.current.filter('status').value).toBe('2');
    expect(toListQuery(result.current.state)).toMatchObject({ page: 1, filters: { status: '2' } });
    act(() => result.current.filter('status').onChange(null));
    expect(result.current.state.filters).toEqual({});
  });
});

describe('Table', () => {
  it('renders rows with labelled cells, and a sort button with aria-sort', async () => {
    const user = userEvent.setup();
    const { onSortingChange } = renderTable();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('columnheader', { name: /ID/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort')).toBe(
      'none',
    );
    expect(screen.getByText('$7').getAttribute('data-label')).toBe('Amount');
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    expect(onSortingChange).toHaveBeenCalledTimes(1);
  });

  it('shows the no-data message and no pager for a single page', () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByText('No data')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows first, last, a window and ellipses when there are many pages', async () => {
    const user = userEvent.setup();
    const { onPaginationChange } = renderTable({
      total: 200,
      state: { ...initialTableState('created_at'), pagination: { pageIndex: 9, pageSize: 10 } },
    });
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '9', '10', '11', '20']);
    expect(
      within(pager).getByRole('button', { name: 'Page 10' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(pager.textContent).toContain('…');
    await user.click(within(pager).getByRole('button', { name: 'Page 20' }));
    expect(onPaginationChange).toHaveBeenCalledTimes(1);
  });

  it('offers page sizes 10/20/50/100', async () => {
    const user = userEvent.setup();
    const { onPaginationChange } = renderTable();
    const select = screen.getByLabelText('Rows per page');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '50', '100']);
    await user.selectOptions(select, '50');
    expect(onPaginationChange).toHaveBeenCalledTimes(1);
  });

  it('searches locally only from 3 characters', async () => {
    const user = userEvent.setup();
    renderTable({ searchText: (r) => r.name });
    const search = screen.getByLabelText('Search in the table');
    await user.type(search, 'al');
    expect(screen.getAllByRole('row')).toHaveLength(4);
    await user.type(search, 'p');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    await user.type(search, 'hab');
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('opens a row accordion and selects rows with the checkbox column', async () => {
    const user = userEvent.setup();
    const props = defaultProps();
    const Selectable = () => {
      const [selected, setSelected] = useState<RowSelectionState>({});
      return (
        <Table<Row>
          {...props}
          renderDetails={(r) => `details of ${r.name}`}
          selection={{ state: selected, onChange: setSelected }}
        />
      );
    };
    render(<Selectable />);
    const toggles = screen.getAllByRole('button', { name: 'Details' });
    await user.click(toggles[1]!);
    expect(screen.getByText('details of beta')).toBeTruthy();
    expect(toggles[1]!.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByLabelText('Select row 2'));
    expect(screen.getByLabelText<HTMLInputElement>('Select row 2').checked).toBe(true);
    await user.click(screen.getByLabelText('Select all rows'));
    expect(screen.getByLabelText<HTMLInputElement>('Select row 1').checked).toBe(true);
  });

  it('keeps one row open with isSingleExpand and offers no toggle where canExpand refuses', async () => {
    const user = userEvent.setup();
    renderTable({
      renderDetails: (r) => `details of ${r.name}`,
      canExpand: (r) => r.id !== 3,
      isSingleExpand: true,
    });
    const toggles = screen.getAllByRole('button', { name: 'Details' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[0]!);
    expect(screen.getByText('details of alpha')).toBeTruthy();
    await user.click(toggles[1]!);
    expect(screen.getByText('details of beta')).toBeTruthy();
    expect(screen.queryByText('details of alpha')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByText('details of beta')).toBeNull();
  });
});
