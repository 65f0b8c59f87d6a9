import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PackageListItem } from '@proxy/contract';
import { Button, Loader, StatusLabel, type StatusTone } from '../../../shared/ui';
import { paths } from '../../../shared/config/paths';
import { usePackages } from '../api/get-packages';
import { formatDateTime } from '../../../shared/lib/format-date';
import '../packages.css';

const STATUS_TONE: Record<string, StatusTone> = {
  active: 'success',
  inactive: 'danger',
  deactivate: 'danger',
  empty: 'danger',
  pending: 'info',
  processing: 'info',
};

const PackageStatus = ({ status }: { status: string }) => {
  const { t } = useTranslation('packages');
  const known = status in STATUS_TONE;
  return (
    <StatusLabel tone={STATUS_TONE[status] ?? 'info'}>
      {known ? t(`statuses.${status as 'active'}`) : status}
    </StatusLabel>
  );
};

const PackageRow = ({
  item,
  format,
}: {
  item: PackageListItem;
  format: (value: string) => string;
}) => {
  const { t } = useTranslation('packages');
  return (
    <tr>
      <td data-label={t('columns.id')}>{item.id}</td>
      <td data-label={t('columns.type')}>{t(`types.${item.type}`)}</td>
      <td data-label={t('columns.tariff')}>{item.tariff_name}</td>
      <td data-label={t('columns.status')}>
        <PackageStatus status={item.status} />
      </td>
      <td data-label={t('columns.created')}>{format(item.created_at)}</td>
      <td data-label={t('columns.expires')}>
        {item.expired_at ? format(item.expired_at) : t('never')}
      </td>
      <td data-label={t('columns.key')}>
        <code className="packages-key">{item.package_key}</code>
      </td>
    </tr>
  );
};

/** /cabinet/packages: the user's packages, newest first (the full table comes with the packages issue). */
export const PackagesPage = ({ isBuyLinkHidden }: { isBuyLinkHidden: boolean }) => {
  const { t, i18n } = useTranslation('packages');
  const query = usePackages();
  const format = (value: string) => formatDateTime(value, i18n.language);
  const hasPending =
    query.data?.some((p) => p.status === 'pending' || p.status === 'processing') ?? false;

  return (
    <div className="packages-page">
      <div className="packages-page__head">
        <h1 className="page-title">{t('title')}</h1>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => void query.refetch()}
          isLoading={query.isFetching}
        >
          {t('refresh')}
        </Button>
      </div>
      {query.isPending && <Loader label={t('title')} />}
      {query.isError && (
        <div className="alert alert--error" role="alert">
          {t('packages_error')}
        </div>
      )}
      {query.data && query.data.length === 0 && (
        <div className="packages-empty panel">
          <p>{t('empty')}</p>
          {!isBuyLinkHidden && (
            <Link className="btn btn--primary btn--md" to={paths.cabinet.buy}>
              {t('buy_link')}
            </Link>
          )}
        </div>
      )}
      {hasPending && (
        <div className="alert alert--info" role="status">
          {t('pending_info')}
        </div>
      )}
      {query.data && query.data.length > 0 && (
        <div className="packages-table-wrap panel">
          <table className="packages-table">
            <caption className="visually-hidden">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.id')}</th>
                <th scope="col">{t('columns.type')}</th>
                <th scope="col">{t('columns.tariff')}</th>
                <th scope="col">{t('columns.status')}</th>
                <th scope="col">{t('columns.created')}</th>
                <th scope="col">{t('columns.expires')}</th>
                <th scope="col">{t('columns.key')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((item) => (
                <PackageRow key={item.id} item={item} format={format} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
};
