import { useTranslation } from 'react-i18next';
import { LEDGER_ENTRY_TYPES, HIDDEN_TRANSACTION_TYPES, isErrorEntryType } from '@proxy/contract';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { StatusLabel, labelledOptions } from '../../../shared/ui';
import type { TableColumn } from '../../../shared/ui/table';
import { amountColumn, dateColumn, idColumn } from '../../../shared/ui/table/columns';
import { useTransactions, type TransactionRow } from '../api/get-transactions';
import { LedgerTable } from './ledger-table';

const FILTER_TYPES = LEDGER_ENTRY_TYPES.filter(
  (type) => !(HIDDEN_TRANSACTION_TYPES as readonly string[]).includes(type),
);

/**
 * "buy_isp" -> "Purchase: ISP proxies" (the action, then the family the entry is of);
 * "payment_error" -> "Top-up failed"; unknown -> the raw type.
 */
export const transactionTypeLabel = (type: string): string => {
  const direct = translateDynamic(`transactions:types.${type}`, { defaultValue: '' });
  if (direct) return direct;
  const base = isErrorEntryType(type) ? type.slice(0, -'_error'.length) : type;
  const [action = base, family] = base.split('_');
  const actionText = translateDynamic(`transactions:types.${action}`, { defaultValue: action });
  const label = family
    ? translateDynamic('transactions:family_entry', {
        action: actionText,
        family: translateDynamic(`transactions:families.${family}`, { defaultValue: family }),
      })
    : actionText;
  return isErrorEntryType(type) ? `${label} ✕` : label;
};

const typeOptions = () => labelledOptions(FILTER_TYPES, transactionTypeLabel);

export const TransactionsTable = () => {
  const { t, i18n } = useTranslation('transactions');
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
    amountColumn(t('columns.amount'), i18n.language),
  ];
  return (
    <LedgerTable<TransactionRow>
      useRows={useTransactions}
      caption={t('transactions_caption')}
      columns={columns}
      searchText={(r) => `${r.comment ?? ''} ${transactionTypeLabel(r.type)}`}
      filters={[{ name: 'type', label: t('filters.type'), options: typeOptions() }]}
    />
  );
};
