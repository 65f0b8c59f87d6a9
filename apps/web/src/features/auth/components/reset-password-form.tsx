import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ResetPasswordFormInput } from '@proxy/contract';
import { paths } from '../../../shared/config/paths';
import { describeWithFieldErrors, reportFormError } from '../../../shared/lib/form-errors';
import { lazyZodResolver } from '../../../shared/lib/lazy-zod-resolver';
import { Button, NewPasswordFields, showAlert } from '../../../shared/ui';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';

const resolver = lazyZodResolver<ResetPasswordFormInput>(() =>
  import('../../../shared/validation/auth-schemas').then((m) => m.resetPasswordFormSchema),
);

export const ResetPasswordForm = ({ email, token }: { email: string; token: string }) => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<ResetPasswordFormInput>({
    resolver,
    defaultValues: { password: '', password_confirmation: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await reset.mutateAsync({ ...values, email, token });
      showAlert.success(response.message || t('reset.success'));
      await navigate(paths.login, { replace: true });
    } catch (error) {
      reportFormError(error, form.setError, ['password', 'password_confirmation'], {
        fallbackKey: 'errors.password_reset',
        describe: describeWithFieldErrors,
      });
    }
  });

  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle', { email })}
      footer={<Link to={paths.login}>{t('reset.back')}</Link>}
    >
      <form className="stack" noValidate onSubmit={onSubmit} onFocus={resolver.preload}>
        <NewPasswordFields
          form={form}
          passwordLabel={t('reset.password')}
          confirmationLabel={t('confirm_password')}
        />
        <Button type="submit" isBlock isLoading={form.formState.isSubmitting}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
};
