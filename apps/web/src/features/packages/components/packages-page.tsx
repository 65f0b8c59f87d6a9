import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { packageTariffName } from '../../../shared/lib/catalogue-names';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useFormatBytes } from '../../../shared/lib/format-bytes';
import { paths } from '../../../shared/config/paths';
import { Button, StatusLabel } from '../../../shared/ui';
import { Table, useTableState, type TableColumn } from '../../../shared/ui/table';
import { usePackagesPage, type PackageRow } from '../api/get-packages';
import {
  STATUS_TONE,
  canDelete,
  canDownload,
  isExpandable,
  shownStatus,
} from '../utils/package-rules';
import { DeletePackageModal } from './modals/delete-package-modal';
import { PackageDownloadModal } from './modals/package-download-modal';
import { PackageDetails } from './package-details';
import { PackagesFilters } from './packages-filters';
import '../packages.css';

export type PackagesPageProps = {
  /** The restricted kind of account: no buy link, no extend buttons, no price lines. */
  isRestricted: boolean;
  /** The account e-mail the delete confirmation must match. */
  accountEmail: string;
};

const PackageStatus = ({ row }: { row: PackageRow }) => {
  const { t } = useTranslation('packages');
  const status = shownStatus(row);
  return (
    <StatusLabel tone={status ? STATUS_TONE[status] : 'info'}>
      {status ? t(`statuses.${status}`) : row.status}
    </StatusLabel>
  );
};

/**
 * Used and left of the current period, a line each (only used without a limit): short lines,
 * wrapped between label and amount, keep the column narrow; an amount never breaks.
 */
const TrafficCell = ({ row }: { row: PackageRow }) => {
  const { t } = useTranslation('packages');
  const bytes = useFormatBytes();
  return (
    <span className="packages-traffic" data-testid={`traffic-${row.id}`}>
      <span>
        {t('traffic.cell_used')}{' '}
        <span className="packages-traffic__bytes">{bytes(row.traffic_used_bytes)}</span>
      </span>
      {row.traffic_left_bytes !== null && (
        <span>
          {t('traffic.cell_left')}{' '}
          <span className="packages-traffic__bytes">{bytes(row.traffic_left_bytes)}</span>
        </span>
      )}
    </span>
  );
};

/**
 * /cabinet/packages (spec "Packages screen"): the user's packages in the shared table, server
 * paged, sorted and filtered; a row of an expandable status opens its family's panel (one at a
 * time); download and delete per row.
 */
export const PackagesPage = ({ isRestricted, accountEmail }: PackagesPageProps) => {
  const { t, i18n } = useTranslation('packages');
  const table = useTableState('created_at');
  const query = usePackagesPage(table.state);
  const [deleting, setDeleting] = useState<PackageRow | null>(null);
  const [downloading, setDownloading] = useState<PackageRow | null>(null);
  const date = (value: string | null) =>
    value ? formatDateTime(value, i18n.language) : t('never');

  /** A row's buttons, each shown where the package allows it. */
  const rowActions = [
    { name: 'download', isOffered: canDownload, open: setDownloading },
    { name: 'delete', isOffered: canDelete, open: setDeleting },
  ] as const;

  const columns: TableColumn<PackageRow>[] = [
    { key: 'id', header: t('columns.id'), sortField: 'id', render: (r) => `#${r.id}` },
    {
      key: 'type',
      header: t('columns.type'),
      sortField: 'type',
      render: (r) => t(`types.${r.type as 'isp'}`),
    },
    {
      key: 'tariff_name',
      header: t('columns.tariff'),
      render: (r) => packageTariffName(r),
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      render: (r) => <PackageStatus row={r} />,
    },
    {
      key: 'created_at',
      header: t('columns.created'),
      sortField: 'created_at',
      render: (r) => date(r.created_at),
    },
    {
      key: 'expired_at',
      header: t('columns.expires'),
      sortField: 'expired_at',
      render: (r) => date(r.expired_at),
    },
    {
      key: 'days_left',
      header: t('columns.days_left'),
      render: (r) => (r.days_left === null ? '—' : String(r.days_left)),
    },
    {
      key: 'traffic',
      header: t('columns.traffic'),
      render: (r) => <TrafficCell row={r} />,
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      render: (r) => (
        <div className="packages-actions">
          {rowActions
            .filter(({ isOffered }) => isOffered(r))
            .map(({ name, open }) => (
              <Button
                key={name}
                variant="ghost"
                size="sm"
                aria-label={t(`row.${name}_label`, { id: r.id })}
                onClick={() => open(r)}
              >
                {t(`row.${name}`)}
              </Button>
            ))}
        </div>
      ),
    },
  ];

  const isEmpty = query.data?.meta.total === 0 && Object.keys(table.state.filters).length === 0;

  return (
    <div className="packages-page">
      <div className="packages-page__head">
        <h1 className="page-title">{t('title')}</h1>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void query.refetch()}
          isLoading={query.isFetching}
        >
          {t('refresh')}
        </Button>
      </div>
      {query.isError ? (
        <div className="packages-error panel" role="alert">
          <p>{t('packages_error')}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('refresh')}
          </Button>
        </div>
      ) : isEmpty ? (
        <div className="packages-empty panel">
          <p>{t('empty')}</p>
          {!isRestricted && (
            <Link className="btn btn--primary btn--md" to={paths.cabinet.buy}>
              {t('buy_link')}
            </Link>
          )}
        </div>
      ) : (
        <Table<PackageRow>
          {...table.bind}
          caption={t('title')}
          columns={columns}
          rows={query.data?.data ?? []}
          rowKey={(r) => r.id}
          total={query.data?.meta.total ?? 0}
          isLoading={query.isFetching}
          emptyText={t('no_match')}
          canExpand={isExpandable}
          isSingleExpand
          renderDetails={(r) => (
            <PackageDetails
              row={r}
              isRestricted={isRestricted}
              onRefresh={() => void query.refetch()}
            />
          )}
          toolbar={<PackagesFilters filters={table.state.filters} setFilter={table.setFilter} />}
        />
      )}
      {downloading && (
        <PackageDownloadModal row={downloading} onClose={() => setDownloading(null)} />
      )}
      {deleting && (
        <DeletePackageModal
          pkg={deleting}
          accountEmail={accountEmail}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
};
