import { TopUpPage } from '../../features/top-up/components/top-up-page';

export const TopUpRoute = () => <TopUpPage />;
