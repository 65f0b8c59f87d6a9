import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ResetPasswordFormInput } from '@proxy/contract';
import { isApiError } from '../../../shared/api/api-error';
import { paths } from '../../../shared/config/paths';
import { translateDynamic } from '../../../shared/i18n/i18n';
import {
  applyServerFieldErrors,
  describeWithFieldErrors,
  translateFieldError,
} from '../../../shared/lib/form-errors';
import { lazyZodResolver } from '../../../shared/lib/lazy-zod-resolver';
import { Button, Input, showAlert } from '../../../shared/ui';
import { useResetPassword } from '../api/reset-password';

const resolver = lazyZodResolver<ResetPasswordFormInput>(() =>
  import('../../../shared/validation/auth-schemas').then((m) => m.resetPasswordFormSchema),
);

export const ResetPasswordForm = ({ email, token }: { email: string; token: string }) => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormInput>({
    resolver: resolver,
    defaultValues: { password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await reset.mutateAsync({ ...values, email, token });
      showAlert.success(response.message || t('reset.success'));
      await navigate(paths.login, { replace: true });
    } catch (error) {
      if (isApiError(error) && !error.isTransport) {
        applyServerFieldErrors(error, setError, ['password', 'password_confirmation']);
        showAlert.error(describeWithFieldErrors(error));
      } else {
        showAlert.error(translateDynamic('errors.password_reset'));
      }
    }
  });

  return (
    <div className="auth-card">
      <div className="auth-card__head">
        <h1 className="auth-card__title">{t('reset.title')}</h1>
        <p className="text-muted">{t('reset.subtitle', { email })}</p>
      </div>
      <form className="stack" noValidate onSubmit={onSubmit} onFocus={resolver.preload}>
        <Input
          label={t('reset.password')}
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
        <Button type="submit" isBlock isLoading={isSubmitting}>
          {t('reset.submit')}
        </Button>
      </form>
      <p className="auth-card__footer">
        <Link to={paths.login}>{t('reset.back')}</Link>
      </p>
    </div>
  );
};
