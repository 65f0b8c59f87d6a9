import { useTranslation } from 'react-i18next';
import { StatusLabel, labelledOptions } from '../../../shared/ui';
import type { TableColumn } from '../../../shared/ui/table';
import { amountColumn, dateColumn } from '../../../shared/ui/table/columns';
import { usePayments, type PaymentRow } from '../api/get-payments';
import { paymentMethodLabel } from './format';
import { LedgerTable } from './ledger-table';
import { ReceiptDownloadButton } from './receipt-download-button';

const MERCHANT_FILTER = ['5', '1', '3'] as const;
const STATUS_FILTER = ['1', '0', '2', '3'] as const;
const STATUS_TONE = { 0: 'info', 1: 'success', 2: 'danger', 3: 'warning' } as const;

export const PaymentsTable = () => {
  // top-up holds the method names (paymentMethodLabel).
  const { t, i18n } = useTranslation(['transactions', 'top-up']);
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
    amountColumn(t('columns.amount'), i18n.language),
    {
      key: 'receipt_id',
      header: t('receipt.column'),
      render: (r) => <ReceiptDownloadButton payment={r} />,
    },
  ];
  return (
    <LedgerTable<PaymentRow>
      useRows={usePayments}
      caption={t('payments_caption')}
      columns={columns}
      renderDetails={(r) => <code>{r.id}</code>}
      searchText={(r) => `${r.system_name} ${paymentMethodLabel(r.system_name)} ${r.amount}`}
      filters={[
        {
          name: 'merchant',
          label: t('filters.merchant'),
          options: labelledOptions(MERCHANT_FILTER, (m) => t(`merchant.${m}`)),
        },
        {
          name: 'status',
          label: t('filters.status'),
          options: labelledOptions(STATUS_FILTER, (s) => t(`status.${s}`)),
        },
      ]}
    />
  );
};
