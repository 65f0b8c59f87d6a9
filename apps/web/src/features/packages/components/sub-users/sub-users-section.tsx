import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUB_USERS_MAX_PER_PACKAGE,
  targetedLogin,
  type SubUser,
  type SubUserStatus,
} from '@proxy/contract';
import { formatDateTime } from '../../../../shared/lib/format-date';
import { useFormatBytes } from '../../../../shared/lib/format-bytes';
import { Button, QueryState, StatusLabel, type StatusTone } from '../../../../shared/ui';
import { Table, useTableState, type TableColumn } from '../../../../shared/ui/table';
import { useSubUsers } from '../../api/get-sub-users';
import { DeleteSubUserModal, NewPasswordModal } from './sub-user-confirm-modals';
import { SubUserFormModal } from './sub-user-form-modal';
import { SubUserSwitch } from './sub-user-switch';
import { CopyCell } from './copy-cell';

const STATUS_TONE: Record<SubUserStatus, StatusTone> = {
  active: 'success',
  disabled: 'info',
  expired: 'danger',
  limit_reached: 'warning',
};

/** The targeting example of the section: a country and a sticky session on a sub-user's login. */
const EXAMPLE_TARGETING = { country: 'us', session: 'abc' } as const;

type OpenModal =
  { kind: 'create' } | { kind: 'edit' | 'password' | 'delete'; subUser: SubUser } | null;

/**
 * The Sub-users of a dynamic or premium package's panel (decision 187): each with its own login
 * and password to copy, its usage of its own limit, expiry, status and switch; create, edit, a
 * new password and delete through modals. The list is the package's whole (at most 100), so it
 * is paged here rather than by the server.
 */
export const SubUsersSection = ({ packageId }: { packageId: number }) => {
  const { t } = useTranslation(['packages', 'base']);
  const query = useSubUsers(packageId);
  const [modal, setModal] = useState<OpenModal>(null);
  const close = () => setModal(null);
  const titleId = `sub-users-${packageId}`;
  return (
    <section className="sub-users" aria-labelledby={titleId}>
      <h3 id={titleId} className="sub-users__title">
        {t('sub_users.title')}
      </h3>
      <p className="sub-users__description">{t('sub_users.description')}</p>
      <QueryState
        query={query}
        texts={{
          loading: t('modals.loading'),
          error: t('sub_users.load_error'),
          retry: t('refresh'),
        }}
      >
        {(subUsers) => <SubUsersList packageId={packageId} subUsers={subUsers} onOpen={setModal} />}
      </QueryState>
      {modal?.kind === 'create' && <SubUserFormModal packageId={packageId} onClose={close} />}
      {modal?.kind === 'edit' && (
        <SubUserFormModal packageId={packageId} subUser={modal.subUser} onClose={close} />
      )}
      {modal?.kind === 'password' && <NewPasswordModal subUser={modal.subUser} onClose={close} />}
      {modal?.kind === 'delete' && <DeleteSubUserModal subUser={modal.subUser} onClose={close} />}
    </section>
  );
};

type SubUsersListProps = {
  packageId: number;
  subUsers: readonly SubUser[];
  onOpen: (modal: OpenModal) => void;
};

const SubUsersList = ({ packageId, subUsers, onOpen }: SubUsersListProps) => {
  const { t, i18n } = useTranslation(['packages', 'base']);
  const table = useTableState('created_at');
  const isFull = subUsers.length >= SUB_USERS_MAX_PER_PACKAGE;
  const { pageSize } = table.state.pagination;
  // The last one of a page deleted: its page is gone, the one before it is shown.
  const pageIndex = Math.min(
    table.state.pagination.pageIndex,
    Math.max(0, Math.ceil(subUsers.length / pageSize) - 1),
  );
  const page = subUsers.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);
  const bind = {
    ...table.bind,
    state: { ...table.state, pagination: { pageIndex, pageSize } },
  };
  // Stable columns: the table renders each cell function as a component, so a new one on every
  // render would remount the cells (a switch would lose the focus it was clicked with).
  const columns = useMemo((): TableColumn<SubUser>[] => {
    return [
      { key: 'name', header: t('sub_users.columns.name'), render: (row) => row.name },
      {
        key: 'login',
        header: t('sub_users.columns.login'),
        render: (row) => (
          <CopyCell label={t('sub_users.login_of', { name: row.name })} value={row.login} />
        ),
      },
      {
        key: 'password',
        header: t('sub_users.columns.password'),
        render: (row) => (
          <CopyCell label={t('sub_users.password_of', { name: row.name })} value={row.password} />
        ),
      },
      {
        key: 'usage',
        header: t('sub_users.columns.usage'),
        render: (row) => <SubUserUsage subUser={row} />,
      },
      {
        key: 'expiry',
        header: t('sub_users.columns.expiry'),
        render: (row) =>
          row.expires_at ? formatDateTime(row.expires_at, i18n.language) : t('sub_users.never'),
      },
      {
        key: 'status',
        header: t('sub_users.columns.status'),
        render: (row) => (
          <StatusLabel tone={STATUS_TONE[row.status]}>
            {t(`sub_users.statuses.${row.status}`)}
          </StatusLabel>
        ),
      },
      {
        key: 'enabled',
        header: t('sub_users.columns.enabled'),
        render: (row) => <SubUserSwitch subUser={row} />,
      },
      {
        key: 'actions',
        header: t('sub_users.columns.actions'),
        render: (row) => (
          <div className="sub-users__actions">
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('sub_users.edit_label', { name: row.name })}
              onClick={() => onOpen({ kind: 'edit', subUser: row })}
            >
              {t('sub_users.edit')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('sub_users.new_password_label', { name: row.name })}
              onClick={() => onOpen({ kind: 'password', subUser: row })}
            >
              {t('sub_users.new_password')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('sub_users.delete_label', { name: row.name })}
              onClick={() => onOpen({ kind: 'delete', subUser: row })}
            >
              {t('sub_users.delete')}
            </Button>
          </div>
        ),
      },
    ];
  }, [t, i18n.language, onOpen]);

  const addButton = (
    <Button size="sm" disabled={isFull} onClick={() => onOpen({ kind: 'create' })}>
      {t('sub_users.add')}
    </Button>
  );

  if (subUsers.length === 0)
    return (
      <div className="sub-users__empty stack">
        <p>{t('sub_users.empty')}</p>
        <div>{addButton}</div>
      </div>
    );

  const example = targetedLogin(subUsers[0]?.login ?? '', EXAMPLE_TARGETING);
  return (
    <>
      <Table<SubUser>
        {...bind}
        caption={t('sub_users.caption', { id: packageId })}
        columns={columns}
        rows={page}
        rowKey={(row) => row.id}
        total={subUsers.length}
        toolbar={
          <div className="sub-users__toolbar">
            {addButton}
            {isFull && (
              <span className="sub-users__hint">
                {t('sub_users.max_reached', { max: SUB_USERS_MAX_PER_PACKAGE })}
              </span>
            )}
          </div>
        }
      />
      <p className="sub-users__targeting">
        {t('sub_users.targeting')} <code data-testid="sub-user-targeting">{example}</code>
      </p>
    </>
  );
};

/** "used of limit" with a bar, or "used, no limit". */
const SubUserUsage = ({ subUser }: { subUser: SubUser }) => {
  const { t } = useTranslation('packages');
  const formatBytes = useFormatBytes();
  const used = formatBytes(subUser.traffic_used_bytes);
  const limit = subUser.traffic_limit_bytes;
  if (limit === null) return <span>{t('sub_users.usage_unlimited', { used })}</span>;
  return (
    <div className="sub-users__usage">
      <span>{t('sub_users.usage', { used, limit: formatBytes(limit) })}</span>
      <progress
        max={limit}
        value={Math.min(subUser.traffic_used_bytes, limit)}
        aria-label={t('sub_users.usage_label', { name: subUser.name })}
      />
    </div>
  );
};
