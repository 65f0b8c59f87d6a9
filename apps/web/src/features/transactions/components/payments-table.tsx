import { useTranslation } from 'react-i18next';
import type { PAYMENT_SORT_FIELDS } from '@proxy/contract';
import { StatusLabel } from '../../../shared/ui';
import { useTableState, type TableColumn } from '../../../shared/ui/table';
import { amountColumn, dateColumn } from '../../../shared/ui/table/columns';
import { usePayments, type PaymentRow } from '../api/get-payments';
import { FilterSelect } from './filter-select';
import { paymentMethodLabel } from './format';
import { LedgerTable } from './ledger-table';

const MERCHANT_FILTER = ['5', '1', '3'] as const;
const STATUS_FILTER = ['1', '0', '2'] as const;
const STATUS_TONE = { 0: 'info', 1: 'success', 2: 'danger' } as const;

export const PaymentsTable = () => {
  // top-up holds the method names (paymentMethodLabel).
  const { t, i18n } = useTranslation(['transactions', 'top-up']);
  const table = useTableState<(typeof PAYMENT_SORT_FIELDS)[number]>('created_at');
  const query = usePayments(table.state);
  const columns: TableColumn<PaymentRow>[] = [
    dateColumn('created_at', t('columns.date'), i18n.language),
    {
      key: 'system_name',
      header: t('columns.method'),
      sortField: 'system_name',
      render: (r) => paymentMethodLabel(r.system_name),
    },
    {
      key: 'merchant',
      header: t('columns.merchant'),
      sortField: 'merchant_id',
      render: (r) =>
        t(`merchant.${r.merchant}` as 'merchant.1', { defaultValue: String(r.merchant) }),
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      render: (r) => (
        <StatusLabel tone={STATUS_TONE[r.status]}>{t(`status.${r.status}`)}</StatusLabel>
      ),
    },
    amountColumn(t('columns.amount')),
  ];
  return (
    <LedgerTable<PaymentRow>
      {...table.bind}
      query={query}
      caption={t('payments_caption')}
      columns={columns}
      rowKey={(r) => r.id}
      renderDetails={(r) => <code>{r.id}</code>}
      searchText={(r) => `${r.system_name} ${paymentMethodLabel(r.system_name)} ${r.amount}`}
      toolbar={
        <>
          <FilterSelect
            {...table.filter('merchant')}
            label={t('filters.merchant')}
            allLabel={t('filters.all')}
            options={MERCHANT_FILTER.map((m) => ({ value: m, label: t(`merchant.${m}`) }))}
          />
          <FilterSelect
            {...table.filter('status')}
            label={t('filters.status')}
            allLabel={t('filters.all')}
            options={STATUS_FILTER.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </>
      }
    />
  );
};
