import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../use-document-title';

export const ForgotPasswordRoute = () => {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.title'));
  return <ForgotPasswordForm />;
};
