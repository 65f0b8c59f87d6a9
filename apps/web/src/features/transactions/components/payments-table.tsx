import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PAYMENT_SORT_FIELDS } from '@proxy/contract';
import { formatDollars } from '@proxy/contract';
import { showAlert } from '../../../shared/ui';
import { Table, useTableState, type TableColumn } from '../../../shared/ui/table';
import { usePayments, type PaymentRow } from '../api/get-payments';
import { FilterSelect } from './filter-select';
import { formatDate } from './format';

const MERCHANT_FILTER = ['5', '1', '3'] as const;
const STATUS_FILTER = ['1', '0', '2'] as const;
const STATUS_CLASS = { 0: 'info', 1: 'success', 2: 'danger' } as const;

export const PaymentsTable = () => {
  const { t, i18n } = useTranslation(['transactions', 'profile']);
  const table = useTableState<(typeof PAYMENT_SORT_FIELDS)[number]>('created_at');
  const query = usePayments(table.state);
  useEffect(() => {
    if (query.isError) showAlert.error(t('profile:errors.transaction_table'));
  }, [query.isError, t]);
  const columns: TableColumn<PaymentRow>[] = [
    { key: 'created_at', header: t('columns.date'), sortField: 'created_at', render: (r) => formatDate(r.created_at, i18n.language) },
    { key: 'system_name', header: t('columns.method'), sortField: 'system_name', render: (r) => r.system_name },
    { key: 'merchant', header: t('columns.merchant'), sortField: 'merchant_id', render: (r) => t(`merchant.${r.merchant}` as 'merchant.1', { defaultValue: String(r.merchant) }) },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      render: (r) => <span className={`status-label status-label--${STATUS_CLASS[r.status]}`}>{t(`status.${r.status}`)}</span>,
    },
    { key: 'amount', header: t('columns.amount'), sortField: 'amount', isNumeric: true, render: (r) => formatDollars(r.amount) },
  ];
  return (
    <>
      {query.isError && <p className="field__error">{t('profile:errors.transaction_table')}</p>}
      <Table<PaymentRow>
        caption={t('payments_caption')}
        columns={columns}
        rows={query.data?.data ?? []}
        rowKey={(r) => r.id}
        total={query.data?.meta.total ?? 0}
        page={table.state.page}
        perPage={table.state.perPage}
        onPageChange={table.setPage}
        onPerPageChange={table.setPerPage}
        sort={{ field: table.state.sort, direction: table.state.direction }}
        onSortChange={(field) => table.toggleSort(field as (typeof PAYMENT_SORT_FIELDS)[number])}
        isLoading={query.isFetching}
        renderDetails={(r) => <code>{r.id}</code>}
        searchText={(r) => `${r.system_name} ${r.amount}`}
        toolbar={
          <>
            <FilterSelect
              label={t('filters.merchant')}
              allLabel={t('filters.all')}
              value={table.state.filters.merchant}
              options={MERCHANT_FILTER.map((m) => ({ value: m, label: t(`merchant.${m}`) }))}
              onChange={(value) => table.setFilter('merchant', value)}
            />
            <FilterSelect
              label={t('filters.status')}
              allLabel={t('filters.all')}
              value={table.state.filters.status}
              options={STATUS_FILTER.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              onChange={(value) => table.setFilter('status', value)}
            />
          </>
        }
      />
    </>
  );
};
