import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../use-document-title';
import { paths } from '../paths';

/** The code step's challenge a Google return hands over (google-callback.tsx). */
const challengeOf = (state: unknown): string | null => {
  const value = (state as { twoFactorChallenge?: unknown } | null)?.twoFactorChallenge;
  return typeof value === 'string' ? value : null;
};

export const LoginRoute = () => {
  const { t } = useTranslation('auth');
  const location = useLocation();
  useDocumentTitle(t('login.title'));
  return (
    <LoginForm
      forgotPasswordPath={paths.forgotPassword}
      registerPath={paths.register}
      initialChallenge={challengeOf(location.state)}
    />
  );
};
