import { useTranslation } from 'react-i18next';
import { LegalPage } from '../../features/legal/components/legal-page';
import { useDocumentTitle } from '../use-document-title';

/** /cabinet/legal: the cabinet layout names the page. */
export const LegalRoute = () => <LegalPage />;

/** /legal: the same documents for anyone, in the public layout. */
export const PublicLegalRoute = () => {
  const { t } = useTranslation('legal');
  useDocumentTitle(t('title'));
  return <LegalPage />;
};
