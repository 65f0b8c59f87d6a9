import { useTranslation } from 'react-i18next';
import { SecurityPage } from '../../features/security/components/security-page';
import { useDocumentTitle } from '../use-document-title';

export const SecurityRoute = () => {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('security.title'));
  return <SecurityPage />;
};
