import { useTranslation } from 'react-i18next';
import type { TRANSACTION_SORT_FIELDS } from '@proxy/contract';
import { LEDGER_ENTRY_TYPES, HIDDEN_TRANSACTION_TYPES, isErrorEntryType } from '@proxy/contract';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { StatusLabel } from '../../../shared/ui';
import { useTableState, type TableColumn } from '../../../shared/ui/table';
import { amountColumn, dateColumn, idColumn } from '../../../shared/ui/table/columns';
import { useTransactions, type TransactionRow } from '../api/get-transactions';
import { FilterSelect } from './filter-select';
import { formatSigned } from './format';
import { LedgerTable } from './ledger-table';

const FILTER_TYPES = LEDGER_ENTRY_TYPES.filter(
  (type) => !(HIDDEN_TRANSACTION_TYPES as readonly string[]).includes(type),
);

/** "buy_isp" -> "Purchase (isp)"; "payment_error" -> "Top-up failed"; unknown -> the raw type. */
export const transactionTypeLabel = (type: string): string => {
  const direct = `transactions:types.${type}`;
  const fallback = translateDynamic(direct, { defaultValue: '' });
  if (fallback) return fallback;
  const base = isErrorEntryType(type) ? type.slice(0, -'_error'.length) : type;
  const [action, family] = base.split('_');
  const actionText = translateDynamic(`transactions:types.${action ?? ''}`, {
    defaultValue: action ?? base,
  });
  const label = family ? `${actionText} (${family})` : actionText;
  return isErrorEntryType(type) ? `${label} ✕` : label;
};

export const TransactionsTable = () => {
  const { t, i18n } = useTranslation('transactions');
  const table = useTableState<(typeof TRANSACTION_SORT_FIELDS)[number]>('created_at');
  const query = useTransactions(table.state);
  const columns: TableColumn<TransactionRow>[] = [
    idColumn('id', t('columns.id')),
    dateColumn('created_at', t('columns.date'), i18n.language),
    {
      key: 'type',
      header: t('columns.type'),
      sortField: 'type',
      render: (r) => (
        <StatusLabel tone={isErrorEntryType(r.type) ? 'danger' : 'success'}>
          {transactionTypeLabel(r.type)}
        </StatusLabel>
      ),
    },
    { key: 'comment', header: t('columns.comment'), render: (r) => r.comment ?? '—' },
    amountColumn(t('columns.amount'), formatSigned),
  ];
  return (
    <LedgerTable<TransactionRow>
      {...table.bind}
      query={query}
      caption={t('transactions_caption')}
      columns={columns}
      rowKey={(r) => r.id}
      searchText={(r) => `${r.comment ?? ''} ${transactionTypeLabel(r.type)}`}
      toolbar={
        <FilterSelect
          {...table.filter('type')}
          label={t('filters.type')}
          allLabel={t('filters.all')}
          options={FILTER_TYPES.map((type) => ({ value: type, label: transactionTypeLabel(type) }))}
        />
      }
    />
  );
};
