import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../use-document-title';
import { paths } from '../paths';
import { Redirect } from '../../shared/ui/redirect';

export const UpdatePasswordRoute = () => {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const email = searchParams.get('email');
  useDocumentTitle(t('reset.title'));
  if (!token || !email) return <Redirect to={paths.forgotPassword} replace />;
  return <ResetPasswordForm email={email} token={token} />;
};
