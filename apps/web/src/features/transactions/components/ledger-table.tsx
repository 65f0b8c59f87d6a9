import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PagedResponse } from '@proxy/contract';
import { OptionSelect, useErrorAlert } from '../../../shared/ui';
import { Table, useTableState, type TableProps, type TableState } from '../../../shared/ui/table';

/** A server filter of a ledger table: a select of `options` under the filter `name`. */
export type LedgerFilter = {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
};

export type LedgerTableProps<T> = Pick<
  TableProps<T>,
  'caption' | 'columns' | 'renderDetails' | 'searchText'
> & {
  /** The paged list query of the table's state. */
  useRows: (
    state: TableState,
  ) => Pick<UseQueryResult<PagedResponse<T>>, 'data' | 'isError' | 'isFetching'>;
  filters: readonly LedgerFilter[];
};

/**
 * A paged ledger list (payments, transactions) in the shared table: 10 rows newest first, its
 * filters above, the spec's load-failure alert and line.
 */
export const LedgerTable = <T extends { id: number | string }>({
  useRows,
  filters,
  ...props
}: LedgerTableProps<T>) => {
  const { t } = useTranslation(['profile', 'transactions']);
  const table = useTableState('created_at');
  const query = useRows(table.state);
  const failure = t('profile:errors.transaction_table');
  useErrorAlert(query.isError, failure);
  return (
    <>
      {query.isError && <p className="field__error">{failure}</p>}
      <Table<T>
        {...props}
        {...table.bind}
        rowKey={(row) => row.id}
        rows={query.data?.data ?? []}
        total={query.data?.meta.total ?? 0}
        isLoading={query.isFetching}
        toolbar={filters.map((f) => (
          <div key={f.name} className="transactions__filter">
            <OptionSelect
              {...table.filter(f.name)}
              label={f.label}
              emptyLabel={t('transactions:filters.all')}
              options={f.options}
            />
          </div>
        ))}
      />
    </>
  );
};
