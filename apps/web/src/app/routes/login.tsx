import { useTranslation } from 'react-i18next';
import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../use-document-title';
import { paths } from '../paths';

export const LoginRoute = () => {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  return <LoginForm forgotPasswordPath={paths.forgotPassword} registerPath={paths.register} />;
};
