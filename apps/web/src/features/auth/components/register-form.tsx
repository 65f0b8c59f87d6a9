import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RegisterInput } from '@proxy/contract';
import { paths } from '../../../shared/config/paths';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { trackEvent } from '../../../shared/analytics/analytics';
import { translateFieldError } from '../../../shared/lib/form-errors';
import { readReferralCode } from '../../../shared/lib/referral-code';
import { lazyZodResolver } from '../../../shared/lib/lazy-zod-resolver';
import { Button, Checkbox, FormInput, NewPasswordFields } from '../../../shared/ui';
import { useRegister } from '../api/register';
import { usePostLogin } from '../hooks/use-post-login';
import { reportAuthError } from '../utils/report-auth-error';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';
import { GoogleButton, OrDivider } from './google-button';

type RegisterFormValues = Omit<RegisterInput, 'terms_checkbox'> & { terms_checkbox: boolean };

const resolver = lazyZodResolver<RegisterFormValues, RegisterInput>(() =>
  import('../../../shared/validation/auth-schemas').then((m) => m.registerSchema),
);

export const RegisterForm = () => {
  const { t } = useTranslation('auth');
  const registerUser = useRegister();
  const postLogin = usePostLogin();
  const form = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver,
    defaultValues: {
      name: '',
      email: '',
      password: '',
      password_confirmation: '',
      terms_checkbox: true,
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await registerUser.mutateAsync({
        ...values,
        ref: readReferralCode(),
        locale: currentLanguage(),
      });
      trackEvent('user_registration', { method: 'email' });
      await postLogin(response.token, response.user);
    } catch (error) {
      reportAuthError(error, form.setError, [
        'name',
        'email',
        'password',
        'password_confirmation',
        'terms_checkbox',
      ]);
    }
  });

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.have_account')} <Link to={paths.login}>{t('register.log_in')}</Link>
        </>
      }
    >
      <GoogleButton />
      <OrDivider />
      <form className="stack" noValidate onSubmit={onSubmit} onFocus={resolver.preload}>
        <FormInput form={form} name="name" label={t('nickname')} autoComplete="nickname" />
        <EmailField form={form} />
        <NewPasswordFields
          form={form}
          passwordLabel={t('password')}
          confirmationLabel={t('confirm_password')}
        />
        <Checkbox
          label={
            <>
              {t('register.terms_prefix')}{' '}
              <a href={paths.legal} target="_blank" rel="noopener">
                {t('register.terms_link')}
              </a>
            </>
          }
          error={translateFieldError(form.formState.errors.terms_checkbox?.message)}
          {...form.register('terms_checkbox')}
        />
        <Button type="submit" isBlock isLoading={form.formState.isSubmitting}>
          {t('register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
};
