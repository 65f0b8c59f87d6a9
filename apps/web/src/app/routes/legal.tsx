import { LegalPage } from '../../features/legal/components/legal-page';

export const LegalRoute = () => <LegalPage />;
