import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRANSACTION_SORT_FIELDS} from '@proxy/contract';
import { LEDGER_ENTRY_TYPES, HIDDEN_TRANSACTION_TYPES, isErrorEntryType } from '@proxy/contract';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { showAlert } from '../../../shared/ui';
import { Table, useTableState, type TableColumn } from '../../../shared/ui/table';
import { useTransactions, type TransactionRow } from '../api/get-transactions';
import { FilterSelect } from './filter-select';
import { formatDate, formatSigned } from './format';

const FILTER_TYPES = LEDGER_ENTRY_TYPES.filter((type) => !(HIDDEN_TRANSACTION_TYPES as readonly string[]).includes(type));

/** "buy_isp" -> "Purchase (isp)"; "payment_error" -> "Top-up failed"; unknown -> the raw type. */
export const transactionTypeLabel = (type: string): string => {
  const direct = `transactions:types.${type}`;
  const fallback = translateDynamic(direct, { defaultValue: '' });
  if (fallback) return fallback;
  const base = isErrorEntryType(type) ? type.slice(0, -'_error'.length) : type;
  const [action, family] = base.split('_');
  const actionText = translateDynamic(`transactions:types.${action ?? ''}`, { defaultValue: action ?? base });
  const label = family ? `${actionText} (${family})` : actionText;
  return isErrorEntryType(type) ? `${label} ✕` : label;
};

export const TransactionsTable = () => {
  const { t, i18n } = useTranslation(['transactions', 'profile']);
  const table = useTableState<(typeof TRANSACTION_SORT_FIELDS)[number]>('created_at');
  const query = useTransactions(table.state);
  useEffect(() => {
    if (query.isError) showAlert.error(t('profile:errors.transaction_table'));
  }, [query.isError, t]);
  const columns: TableColumn<TransactionRow>[] = [
    { key: 'id', header: t('columns.id'), render: (r) => `#${r.id}` },
    { key: 'created_at', header: t('columns.date'), sortField: 'created_at', render: (r) => formatDate(r.created_at, i18n.language) },
    {
      key: 'type',
      header: t('columns.type'),
      sortField: 'type',
      render: (r) => (
        <span className={`status-label status-label--${isErrorEntryType(r.type) ? 'danger' : 'success'}`}>
          {transactionTypeLabel(r.type)}
        </span>
      ),
    },
    { key: 'comment', header: t('columns.comment'), render: (r) => r.comment ?? '—' },
    { key: 'amount', header: t('columns.amount'), sortField: 'amount', isNumeric: true, render: (r) => formatSigned(r.amount) },
  ];
  return (
    <>
      {query.isError && <p className="field__error">{t('profile:errors.transaction_table')}</p>}
      <Table<TransactionRow>
        caption={t('transactions_caption')}
        columns={columns}
        rows={query.data?.data ?? []}
        rowKey={(r) => r.id}
        total={query.data?.meta.total ?? 0}
        page={table.state.page}
        perPage={table.state.perPage}
        onPageChange={table.setPage}
        onPerPageChange={table.setPerPage}
        sort={{ field: table.state.sort, direction: table.state.direction }}
        onSortChange={(field) => table.toggleSort(field as (typeof TRANSACTION_SORT_FIELDS)[number])}
        isLoading={query.isFetching}
        searchText={(r) => `${r.comment ?? ''} ${transactionTypeLabel(r.type)}`}
        toolbar={
          <FilterSelect
            label={t('filters.type')}
            allLabel={t('filters.all')}
            value={table.state.filters.type}
            options={FILTER_TYPES.map((type) => ({ value: type, label: transactionTypeLabel(type) }))}
            onChange={(value) => table.setFilter('type', value)}
          />
        }
      />
    </>
  );
};
