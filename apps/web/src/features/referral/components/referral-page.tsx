import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { REFERRAL_SORT_FIELDS, WITHDRAWAL_SORT_FIELDS } from '@proxy/contract';
import { formatDollars } from '@proxy/contract';
import { paths } from '../../../shared/config/paths';
import { translateDynamic } from '../../../shared/i18n/i18n';
import {
  Button,
  Loader,
  StatusLabel,
  Tabs,
  showAlert,
  useErrorAlert,
  type TabItem,
} from '../../../shared/ui';
import {
  Table,
  useTableState,
  type TableColumn,
  type TableProps,
  type TableRow,
} from '../../../shared/ui/table';
import { amountColumn, dateColumn, idColumn } from '../../../shared/ui/table/columns';
import { useReferralOverview, type ReferralRow } from '../api/get-referral-overview';
import { useWithdrawals, type WithdrawalRow } from '../api/get-withdrawals';
import { AmountModal } from './amount-modal';
import './referral.css';

export type ReferralPageProps = {
  onProfileRefresh: () => void;
  /** Then a withdrawal asks for a code. */
  isTwoFactorEnabled: boolean;
};

/** /cabinet/referral (spec 000 "Referral page"). */
export const ReferralPage = ({ onProfileRefresh, isTwoFactorEnabled }: ReferralPageProps) => {
  const { t, i18n } = useTranslation('referral');
  const queryClient = useQueryClient();
  const referralTable = useTableState<(typeof REFERRAL_SORT_FIELDS)[number]>('created_at');
  const withdrawTable = useTableState<(typeof WITHDRAWAL_SORT_FIELDS)[number]>('created_at');
  const overview = useReferralOverview(referralTable.state);
  const [tab, setTab] = useState(0);
  const withdrawals = useWithdrawals(withdrawTable.state);
  const [modal, setModal] = useState<'transfer' | 'withdraw' | null>(null);

  useErrorAlert(overview.isError, t('errors.referral'));
  useErrorAlert(withdrawals.isError, translateDynamic('errors.fetch'));

  if (overview.isPending) return <Loader label={translateDynamic('app.loading')} />;
  if (overview.isError || !overview.data)
    return (
      <div className="stack">
        <h1 className="page-title">{t('title')}</h1>
        <div className="card stack">
          <p>{t('error_view')}</p>
          <div>
            <Button onClick={() => void overview.refetch()}>{t('reload')}</Button>
          </div>
        </div>
      </div>
    );

  const data = overview.data;
  const link = `${window.location.origin}${paths.register}?ref=${encodeURIComponent(data.ref_link)}`;
  const canMove = data.referral_balance > 0;
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ['profile', 'referrals'] });
    void queryClient.invalidateQueries({ queryKey: ['profile', 'withdrawals'] });
    onProfileRefresh();
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showAlert.success(t('copied'));
    } catch {
      showAlert.error(translateDynamic('errors.copy'));
    }
  };

  const referralColumns: TableColumn<ReferralRow>[] = [
    idColumn('referral_id', t('columns.referral')),
    amountColumn(t('columns.amount'), i18n.language),
    dateColumn('created_at', t('columns.registered'), i18n.language),
    dateColumn('paid_at', t('columns.paid'), i18n.language),
  ];
  const withdrawColumns: TableColumn<WithdrawalRow>[] = [
    idColumn('id', t('columns.id')),
    dateColumn('created_at', t('columns.date'), i18n.language),
    amountColumn(t('columns.amount'), i18n.language),
    {
      key: 'address',
      header: t('columns.address'),
      render: (r) => <code className="referral__address">{r.address}</code>,
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      render: (r) => (
        <StatusLabel
          tone={r.status === 'waiting' ? 'info' : r.status === 'rejected' ? 'danger' : 'success'}
        >
          {t(`status.${r.status}`)}
        </StatusLabel>
      ),
    },
  ];

  /** A tab of one server-paged table: its label and the table's caption are named after it. */
  const tableTab = <T extends TableRow>(
    id: 'referrals' | 'withdrawals',
    table: Omit<TableProps<T>, 'caption'>,
  ): TabItem => ({
    id,
    label: t(`tabs.${id}`),
    content: <Table<T> {...table} caption={t(`${id}_caption`)} />,
  });

  return (
    <div className="stack referral">
      <h1 className="page-title">{t('title')}</h1>
      <section className="card stack">
        <div className="referral__link">
          <label htmlFor="referral-link" className="field__label">
            {t('link')}
          </label>
          <div className="referral__link-row">
            <input id="referral-link" className="field__input" readOnly value={link} />
            <Button variant="secondary" onClick={() => void copy()}>
              {t('copy')}
            </Button>
          </div>
        </div>
        <dl className="referral__stats">
          <div>
            <dt>{t('percent')}</dt>
            <dd>{data.reward}%</dd>
          </div>
          <div>
            <dt>{t('total_referrals')}</dt>
            <dd>{data.count_referrals}</dd>
          </div>
          <div>
            <dt>{t('total_income')}</dt>
            <dd>{formatDollars(data.total_income, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('balance')}</dt>
            <dd data-testid="referral-balance">
              {formatDollars(data.referral_balance, i18n.language)}
            </dd>
          </div>
        </dl>
        <div className="referral__actions">
          <Button disabled={!canMove} onClick={() => setModal('transfer')}>
            {t('transfer')}
          </Button>
          <Button variant="secondary" disabled={!canMove} onClick={() => setModal('withdraw')}>
            {t('withdraw')}
          </Button>
        </div>
      </section>
      <Tabs
        label={t('tabs.label')}
        selectedIndex={tab}
        onChange={setTab}
        items={[
          tableTab<ReferralRow>('referrals', {
            ...referralTable.bind,
            columns: referralColumns,
            rows: data.referrals.data,
            rowKey: (r) => r.referral_id,
            total: data.referrals.meta.total,
            isLoading: overview.isFetching,
          }),
          tableTab<WithdrawalRow>('withdrawals', {
            ...withdrawTable.bind,
            columns: withdrawColumns,
            rows: withdrawals.data?.orders.data ?? [],
            rowKey: (r) => r.id,
            total: withdrawals.data?.orders.meta.total ?? 0,
            isLoading: withdrawals.isFetching,
          }),
        ]}
      />
      {modal && (
        <AmountModal
          key={modal}
          kind={modal}
          balance={data.referral_balance}
          onClose={() => setModal(null)}
          onDone={reload}
          isTwoFactorEnabled={isTwoFactorEnabled}
        />
      )}
    </div>
  );
};
