import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LoginInput } from '@proxy/contract';
import { lazyZodResolver } from '../../../shared/lib/lazy-zod-resolver';
import { Button, CurrentPasswordInput } from '../../../shared/ui';
import { useLogin } from '../api/login';
import { usePostLogin } from '../hooks/use-post-login';
import { reportAuthError } from '../utils/report-auth-error';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';
import { GoogleButton, OrDivider } from './google-button';
import { TwoFactorStep } from './two-factor-step';

export type LoginFormProps = {
  forgotPasswordPath: string;
  registerPath: string;
  /** The second step's challenge when sign-in already passed its first step (Google). */
  initialChallenge?: string | null;
};

const resolver = lazyZodResolver<LoginInput>(() =>
  import('../../../shared/validation/auth-schemas').then((m) => m.loginSchema),
);

export const LoginForm = ({
  forgotPasswordPath,
  registerPath,
  initialChallenge = null,
}: LoginFormProps) => {
  const { t } = useTranslation('auth');
  // Set once the password was right on an account with two-factor sign-in (or Google said so).
  const [challenge, setChallenge] = useState<string | null>(initialChallenge);
  const login = useLogin();
  const postLogin = usePostLogin();
  const form = useForm<LoginInput>({ resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await login.mutateAsync(values);
      if ('two_factor_required' in response) setChallenge(response.challenge_token);
      else await postLogin(response.token, response.user);
    } catch (error) {
      reportAuthError(error, form.setError, ['email', 'password']);
    }
  });

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.no_account')} <Link to={registerPath}>{t('login.sign_up')}</Link>
        </>
      }
    >
      {challenge !== null ? (
        <TwoFactorStep challenge={challenge} onRestart={() => setChallenge(null)} />
      ) : (
        <>
          <GoogleButton />
          <OrDivider />
          <form className="stack" noValidate onSubmit={onSubmit} onFocus={resolver.preload}>
            <EmailField form={form} />
            <CurrentPasswordInput form={form} name="password" label={t('password')} />
            <div className="auth-card__row">
              <Link to={forgotPasswordPath}>{t('login.forgot')}</Link>
            </div>
            <Button type="submit" isBlock isLoading={form.formState.isSubmitting}>
              {t('login.submit')}
            </Button>
          </form>
        </>
      )}
    </AuthCard>
  );
};
