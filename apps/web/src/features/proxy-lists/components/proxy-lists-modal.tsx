import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { functionalUpdate, type OnChangeFn, type RowSelectionState } from '@tanstack/react-table';
import { SEARCH_DEBOUNCE_MS, type ExportFormat } from '@proxy/contract';
import { apiErrorText } from '../../../shared/api/api-error';
import { downloadProxyListsReport } from '../../../shared/api/package-exports';
import { countryName } from '../../../shared/lib/catalogue-names';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import {
  ActionModal,
  Alert,
  Button,
  DownloadFormatModal,
  Modal,
  showAlert,
} from '../../../shared/ui';
import { Table, useTableState, type TableColumn } from '../../../shared/ui/table';
import { useDeleteProxyList } from '../api/delete-proxy-list';
import { downloadProxyList } from '../api/export-proxy-list';
import { useProxyLists, type ProxyListRow } from '../api/get-proxy-lists';
import { RenameListModal } from './rename-list-modal';
import { RetryAlert } from './retry-alert';
import '../proxy-lists.css';

export type ProxyListsModalProps = {
  packageId: number;
  /** The package's key (contents and exports address lists by it); null while it loads. */
  packageKey: string | null;
  /** Where a list's view opens, and the generator the no-lists warning offers. */
  links: { view: (listId: number) => string; generator: string };
  onCreate: () => void;
  onClose: () => void;
};

/** The action a row's button opened. */
type RowAction = { kind: 'rename' | 'delete' | 'download'; list: ProxyListRow };

/**
 * The proxy lists of a dynamic package (spec section 2): searched (500 ms debounce), sorted and
 * paged by the server in the shared table; per row view, rename, delete (confirmed) and
 * download; several rows downloaded as one report; no lists at all is the warning that offers
 * creating one or the generator.
 */
export const ProxyListsModal = ({
  packageId,
  packageKey,
  links,
  onCreate,
  onClose,
}: ProxyListsModalProps) => {
  const { t, i18n } = useTranslation('packages');
  const table = useTableState('created_at');
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useProxyLists(packageId, table.state, debouncedSearch);
  const remove = useDeleteProxyList();
  const [action, setAction] = useState<RowAction | null>(null);
  const closeAction = () => setAction(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [selectedRows, setSelectedRows] = useState<Record<string, ProxyListRow>>({});
  const [isReportOpen, setReportOpen] = useState(false);
  // A new search starts on page 1.
  const [searched, setSearched] = useState(debouncedSearch);
  if (searched !== debouncedSearch) {
    setSearched(debouncedSearch);
    table.setPage(1);
  }

  const rows = query.data?.data ?? [];
  const onSelectionChange: OnChangeFn<RowSelectionState> = (updater) => {
    const next = functionalUpdate(updater, selection);
    setSelection(next);
    setSelectedRows((known) => {
      const pool = { ...known, ...Object.fromEntries(rows.map((row) => [String(row.id), row])) };
      return Object.fromEntries(
        Object.keys(next)
          .filter((key) => next[key] && pool[key])
          .map((key) => [key, pool[key] as ProxyListRow]),
      );
    });
  };
  const selected = Object.values(selectedRows);

  const deleteList = async (list: ProxyListRow) => {
    try {
      await remove.mutateAsync({ packageId, listId: list.id });
      showAlert.success(t('proxy_lists.deleted', { name: list.name }));
      // A selection holds only selected rows: the deleted list's key goes.
      onSelectionChange((current) => {
        const { [String(list.id)]: _deleted, ...rest } = current;
        return rest;
      });
      closeAction();
    } catch (error) {
      showAlert.error(apiErrorText(error, t('removing_proxy.error')));
    }
  };

  const rowButton = (kind: RowAction['kind'], list: ProxyListRow) => (
    <Button
      variant="ghost"
      size="sm"
      aria-label={t(`proxy_lists.${kind}_label`, { name: list.name })}
      onClick={() => setAction({ kind, list })}
      disabled={kind === 'download' && !packageKey}
    >
      {t(`proxy_lists.${kind}`)}
    </Button>
  );

  const columns: TableColumn<ProxyListRow>[] = [
    {
      key: 'name',
      header: t('proxy_lists.columns.name'),
      sortField: 'name',
      render: (r) => r.name,
    },
    {
      key: 'location',
      header: t('proxy_lists.columns.location'),
      render: (r) =>
        r.location_preset === 'custom'
          ? r.geo.map((g) => countryName(g.country)).join(', ')
          : t(`proxy_create.presets.${r.location_preset}`),
    },
    {
      key: 'auth',
      header: t('proxy_lists.columns.auth'),
      render: (r) => t(`proxy_create.auth_types.${r.auth_type}`),
    },
    {
      key: 'ports',
      header: t('proxy_lists.columns.ports'),
      sortField: 'ports_count',
      isNumeric: true,
      render: (r) => String(r.ports),
    },
    {
      key: 'created_at',
      header: t('proxy_lists.columns.created'),
      sortField: 'created_at',
      render: (r) => formatDateTime(r.created_at, i18n.language),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      render: (r) => (
        <div className="proxy-lists__row-actions">
          <Link
            className="btn btn--ghost btn--sm"
            to={links.view(r.id)}
            aria-label={t('proxy_lists.view_label', { name: r.name })}
          >
            {t('proxy_lists.view')}
          </Link>
          {rowButton('rename', r)}
          {rowButton('download', r)}
          {rowButton('delete', r)}
        </div>
      ),
    },
  ];

  const hasNoLists = query.data?.meta.total === 0 && debouncedSearch === '' && search === '';

  if (hasNoLists)
    return (
      <Modal
        isOpen
        onClose={onClose}
        title={t('proxy_lists.empty_title')}
        footer={
          <>
            <Link className="btn btn--secondary btn--md" to={links.generator}>
              {t('proxy_lists.open_generator')}
            </Link>
            <Button onClick={onCreate}>{t('proxy_lists.create')}</Button>
          </>
        }
      >
        <Alert type="warning">{t('proxy_lists.empty_text')}</Alert>
      </Modal>
    );

  const body = query.isError ? (
    <RetryAlert text={t('proxy_list.errors.fetch')} onRetry={() => void query.refetch()} />
  ) : (
    <Table<ProxyListRow>
      {...table.bind}
      caption={t('proxy_lists.title')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      total={query.data?.meta.total ?? 0}
      isLoading={query.isFetching}
      emptyText={t('proxy_lists.no_match')}
      selection={{ state: selection, onChange: onSelectionChange }}
      toolbar={
        <div className="proxy-lists__toolbar">
          <input
            type="search"
            className="field__input"
            aria-label={t('proxy_lists.search')}
            placeholder={t('proxy_lists.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Button
            variant="secondary"
            size="sm"
            disabled={selected.length === 0 || !packageKey}
            onClick={() => setReportOpen(true)}
          >
            {t('proxy_lists.download_selected', { n: selected.length })}
          </Button>
          <Button size="sm" onClick={onCreate}>
            {t('proxy_lists.create')}
          </Button>
        </div>
      }
    />
  );

  const downloadSelected = (format: ExportFormat) =>
    downloadProxyListsReport(
      selected.map((list) => ({ id: list.id, name: list.name, package_key: packageKey ?? '' })),
      format,
    );

  return (
    <>
      <Modal
        isOpen
        onClose={onClose}
        size="wide"
        title={t('proxy_lists.title_of', { id: packageId })}
      >
        <div className="proxy-lists">{body}</div>
      </Modal>
      {action?.kind === 'rename' && (
        <RenameListModal packageId={packageId} list={action.list} onClose={closeAction} />
      )}
      {action?.kind === 'delete' && (
        <ActionModal
          title={t('proxy_lists.delete_title')}
          onClose={closeAction}
          confirmLabel={t('proxy_lists.delete')}
          onConfirm={() => void deleteList(action.list)}
          isPending={remove.isPending}
          isDanger
        >
          <p>{t('proxy_lists.delete_text', { name: action.list.name })}</p>
        </ActionModal>
      )}
      {action?.kind === 'download' && packageKey && (
        <DownloadFormatModal
          title={t('proxy_lists.download_title', { name: action.list.name })}
          download={(format) =>
            downloadProxyList(
              { packageKey, listId: action.list.id, name: action.list.name },
              format,
            )
          }
          onClose={closeAction}
        />
      )}
      {isReportOpen && (
        <DownloadFormatModal
          title={t('proxy_lists.report_title', { n: selected.length })}
          download={downloadSelected}
          onClose={() => setReportOpen(false)}
        />
      )}
    </>
  );
};
