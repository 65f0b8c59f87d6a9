import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../shared/ui';
import { PaymentsTable } from './payments-table';
import { TransactionsTable } from './transactions-table';
import './transactions.css';

/** /cabinet/transactions: Balance (payments) and Transactions tabs. */
export const TransactionsPage = () => {
  const { t } = useTranslation('transactions');
  const [tab, setTab] = useState(0);
  return (
    <div className="stack">
      <h1 className="page-title">{t('title')}</h1>
      <Tabs
        label={t('tabs.label')}
        selectedIndex={tab}
        onChange={setTab}
        items={[
          { id: 'balance', label: t('tabs.balance'), content: <PaymentsTable /> },
          { id: 'transactions', label: t('tabs.transactions'), content: <TransactionsTable /> },
        ]}
      />
    </div>
  );
};
