import { FaqPage } from '../../features/faq/components/faq-page';

export const FaqRoute = () => <FaqPage />;
