import { TransactionsPage } from '../../features/transactions/components/transactions-page';

export const TransactionsRoute = () => <TransactionsPage />;
