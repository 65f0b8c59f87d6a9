import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXPORT_LISTS_MAX } from '@proxy/contract';
import { downloadIspList, downloadProxyListsReport } from '../../../../shared/api/package-exports';
import { Alert, Loader } from '../../../../shared/ui';
import { ExportChoiceModal } from '../../../../shared/ui/export-choice';
import type { PackageRow } from '../../api/get-packages';
import { useDynamicPackage } from '../../api/get-dynamic-package';
import { useIspPackage } from '../../api/get-isp-package';
import { packageLinks } from '../../utils/package-links';

type Props = { row: PackageRow; onClose: () => void };

/** A dynamic package's lists in one `report.{format}` (the newest EXPORT_LISTS_MAX of them). */
const DynamicDownload = ({ row, onClose }: Props) => {
  const { t } = useTranslation(['packages', 'base']);
  const query = useDynamicPackage(row.id);
  const lists = query.data?.proxy_lists ?? [];
  return (
    <ExportChoiceModal
      title={t('download.proxies_title')}
      withPeriod={false}
      onClose={onClose}
      isUnavailable={lists.length === 0}
      onDownload={({ format }) =>
        downloadProxyListsReport(
          lists
            .slice(0, EXPORT_LISTS_MAX)
            .map((list) => ({ ...list, package_key: row.package_key })),
          format,
        )
      }
    >
      {query.isPending ? (
        <Loader label={t('modals.loading')} />
      ) : query.isError ? (
        <Alert type="error">{t('base:errors.fetch')}</Alert>
      ) : lists.length === 0 ? (
        <Alert type="info">
          <p>{t('proxy_lists.empty_text')}</p>
          <Link className="btn btn--secondary btn--sm" to={packageLinks.generator(row.id)}>
            {t('proxy_lists.open_generator')}
          </Link>
        </Alert>
      ) : (
        <>
          <p>{t('download.proxies_text', { id: row.id })}</p>
          {lists.length > EXPORT_LISTS_MAX && (
            <Alert type="info">{t('download.lists_capped', { max: EXPORT_LISTS_MAX })}</Alert>
          )}
        </>
      )}
    </ExportChoiceModal>
  );
};

/** An ISP package's addresses (`isp-list.{format}`), in the line type of its authentication. */
const IspDownload = ({ row, onClose }: Props) => {
  const { t } = useTranslation(['packages', 'base']);
  const query = useIspPackage(row.id);
  const pkg = query.data;
  return (
    <ExportChoiceModal
      title={t('download.list_title')}
      withPeriod={false}
      onClose={onClose}
      isUnavailable={!pkg}
      onDownload={({ format }) =>
        pkg ? downloadIspList(pkg.id, pkg.auth_ip ? 'ip' : 'login', format) : Promise.resolve()
      }
    >
      {query.isPending ? (
        <Loader label={t('modals.loading')} />
      ) : query.isError ? (
        <Alert type="error">{t('base:errors.fetch')}</Alert>
      ) : (
        <p>{t('download.isp_text', { id: row.id })}</p>
      )}
    </ExportChoiceModal>
  );
};

/**
 * The row's Download (spec section 2: download proxy list, a format choice; the button is
 * enabled once a format is chosen): shown for dynamic and ISP packages (package-rules
 * canDownload).
 */
export const PackageDownloadModal = ({ row, onClose }: Props) =>
  row.type === 'isp' ? (
    <IspDownload row={row} onClose={onClose} />
  ) : (
    <DynamicDownload row={row} onClose={onClose} />
  );
