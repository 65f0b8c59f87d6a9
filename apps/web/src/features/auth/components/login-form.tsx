import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LoginInput } from '@proxy/contract';
import { isApiError } from '../../../shared/api/api-error';
import { applyServerFieldErrors, translateFieldError } from '../../../shared/lib/form-errors';
import { lazyZodResolver } from '../../../shared/lib/lazy-zod-resolver';
import { Button, Input } from '../../../shared/ui';
import { useLogin } from '../api/login';
import { usePostLogin } from '../hooks/use-post-login';
import { reportAuthError } from '../utils/report-auth-error';
import { GoogleButton, OrDivider } from './google-button';

export type LoginFormProps = { forgotPasswordPath: string; registerPath: string };

const resolver = lazyZodResolver<LoginInput>(() =>
  import('../../../shared/validation/auth-schemas').then((m) => m.loginSchema),
);

export const LoginForm = ({ forgotPasswordPath, registerPath }: LoginFormProps) => {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const postLogin = usePostLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await login.mutateAsync(values);
      await postLogin(response.token, response.user);
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(error, setError, ['email', 'password']);
      reportAuthError(error);
    }
  });

  return (
    <div className="auth-card">
      <div className="auth-card__head">
        <h1 className="auth-card__title">{t('login.title')}</h1>
        <p className="text-muted">{t('login.subtitle')}</p>
      </div>
      <GoogleButton />
      <OrDivider />
      <form className="stack" noValidate onSubmit={onSubmit} onFocus={resolver.preload}>
        <Input
          label={t('email')}
          type="email"
          autoComplete="email"
          error={translateFieldError(errors.email?.message)}
          {...register('email')}
        />
        <Input
          label={t('password')}
          type="password"
          autoComplete="current-password"
          error={translateFieldError(errors.password?.message)}
          {...register('password')}
        />
        <div className="auth-card__row">
          <Link to={forgotPasswordPath}>{t('login.forgot')}</Link>
        </div>
        <Button type="submit" isBlock isLoading={isSubmitting}>
          {t('login.submit')}
        </Button>
      </form>
      <p className="auth-card__footer">
        {t('login.no_account')} <Link to={registerPath}>{t('login.sign_up')}</Link>
      </p>
    </div>
  );
};
