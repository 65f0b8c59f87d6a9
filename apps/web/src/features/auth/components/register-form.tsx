import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RegisterInput } from '@proxy/contract';
import { isApiError } from '../../../shared/api/api-error';
import { paths } from '../../../shared/config/paths';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { trackEvent } from '../../../shared/lib/analytics';
import { applyServerFieldErrors, translateFieldError } from '../../../shared/lib/form-errors';
import { readReferralCode } from '../../../shared/lib/referral-code';
import { lazyZodResolver } from '../../../shared/lib/lazy-zod-resolver';
import { Button, Checkbox, Input } from '../../../shared/ui';
import { useRegister } from '../api/register';
import { usePostLogin } from '../hooks/use-post-login';
import { reportAuthError } from '../utils/report-auth-error';
import { GoogleButton, OrDivider } from './google-button';

type RegisterFormValues = Omit<RegisterInput, 'terms_checkbox'> & { terms_checkbox: boolean };

const resolver = lazyZodResolver<RegisterFormValues, RegisterInput>(() =>
  import('../../../shared/validation/auth-schemas').then((m) => m.registerSchema),
);

export const RegisterForm = () => {
  const { t } = useTranslation('auth');
  const registerUser = useRegister();
  const postLogin = usePostLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver: resolver,
    defaultValues: {
      name: '',
      email: '',
      password: '',
      password_confirmation: '',
      terms_checkbox: true,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await registerUser.mutateAsync({
        ...values,
        ref: readReferralCode(),
        locale: currentLanguage(),
      });
      trackEvent({ event: 'user_registration', method: 'email' });
      await postLogin(response.token, response.user);
    } catch (error) {
      if (isApiError(error)) {
        applyServerFieldErrors(error, setError, [
          'name',
          'email',
          'password',
          'password_confirmation',
          'terms_checkbox',
        ]);
      }
      reportAuthError(error);
    }
  });

  return (
    <div className="auth-card">
      <div className="auth-card__head">
        <h1 className="auth-card__title">{t('register.title')}</h1>
        <p className="text-muted">{t('register.subtitle')}</p>
      </div>
      <GoogleButton />
      <OrDivider />
      <form className="stack" noValidate onSubmit={onSubmit} onFocus={resolver.preload}>
        <Input
          label={t('nickname')}
          autoComplete="nickname"
          error={translateFieldError(errors.name?.message)}
          {...register('name')}
        />
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
          autoComplete="new-password"
          error={translateFieldError(errors.password?.message)}
          {...register('password')}
        />
        <Input
          label={t('confirm_password')}
          type="password"
          autoComplete="new-password"
          error={translateFieldError(errors.password_confirmation?.message)}
          {...register('password_confirmation')}
        />
        <Checkbox
          label={
            <>
              {t('register.terms_prefix')}{' '}
              <a href={paths.cabinet.legal} target="_blank" rel="noopener">
                {t('register.terms_link')}
              </a>
            </>
          }
          error={translateFieldError(errors.terms_checkbox?.message)}
          {...register('terms_checkbox')}
        />
        <Button type="submit" isBlock isLoading={isSubmitting}>
          {t('register.submit')}
        </Button>
      </form>
      <p className="auth-card__footer">
        {t('register.have_account')} <Link to={paths.login}>{t('register.log_in')}</Link>
      </p>
    </div>
  );
};
