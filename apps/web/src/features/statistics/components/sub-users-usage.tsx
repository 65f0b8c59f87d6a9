import { useTranslation } from 'react-i18next';
import type { SubUserUsage } from '@proxy/contract';
import { useFormatBytes } from '../../../shared/lib/format-bytes';
import { StatusLabel } from '../../../shared/ui';
import { Table, useTableState, type TableColumn } from '../../../shared/ui/table';

/**
 * The period's traffic per sub-user of the package (decision 187), under the chart; deleted
 * sub-users keep their row, marked. Nothing is drawn for a package without sub-users' traffic.
 * The rows are the whole answer, so they are paged here.
 */
export const SubUsersUsage = ({
  subUsers,
  periodLabel,
}: {
  subUsers: readonly SubUserUsage[];
  periodLabel: string;
}) => {
  const { t } = useTranslation('statistics');
  const bytes = useFormatBytes();
  const table = useTableState('bytes');
  const amount = (
    field: 'bytes_up' | 'bytes_down' | 'bytes',
    header: string,
  ): TableColumn<SubUserUsage> => ({
    key: field,
    header,
    isNumeric: true,
    render: (row) => <span data-bytes={row[field]}>{bytes(row[field])}</span>,
  });
  const columns: TableColumn<SubUserUsage>[] = [
    {
      key: 'name',
      header: t('sub_users.columns.name'),
      render: (row) => (
        <span className="statistics-sub-user">
          {row.name}
          {row.deleted && <StatusLabel tone="info">{t('sub_users.deleted')}</StatusLabel>}
        </span>
      ),
    },
    {
      key: 'login',
      header: t('sub_users.columns.login'),
      render: (row) => <code>{row.login}</code>,
    },
    amount('bytes_up', t('sub_users.columns.up')),
    amount('bytes_down', t('sub_users.columns.down')),
    amount('bytes', t('sub_users.columns.total')),
  ];
  if (subUsers.length === 0) return null;
  const { pageIndex, pageSize } = table.state.pagination;
  return (
    <section
      className="card stack statistics-sub-users"
      aria-labelledby="statistics-sub-users-title"
    >
      <h2 id="statistics-sub-users-title" className="statistics-section-title">
        {t('sub_users.title')}
      </h2>
      <Table<SubUserUsage>
        {...table.bind}
        caption={t('sub_users.caption', { period: periodLabel })}
        columns={columns}
        rows={subUsers.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize)}
        rowKey={(row) => row.id}
        total={subUsers.length}
      />
      <p className="statistics-sub-users__note">{t('sub_users.note')}</p>
    </section>
  );
};
