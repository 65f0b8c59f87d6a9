import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EmailOnlyInput } from '@proxy/contract';
import { isApiError } from '../../../shared/api/api-error';
import { paths } from '../../../shared/config/paths';
import { applyServerFieldErrors, translateFieldError } from '../../../shared/lib/form-errors';
import { lazyZodResolver } from '../../../shared/lib/lazy-zod-resolver';
import { Button, Input, showAlert } from '../../../shared/ui';
import { useForgotPassword } from '../api/forgot-password';
import { translateDynamic } from '../../../shared/i18n/i18n';

/** Form -> sent confirmation (with the e-mail) -> back to the form through "Resend". */
const resolver = lazyZodResolver<EmailOnlyInput>(() =>
  import('../../../shared/validation/auth-schemas').then((m) => m.emailOnlySchema),
);

export const ForgotPasswordForm = () => {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<EmailOnlyInput>({ resolver: resolver, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(error, setError, ['email']);
      showAlert.error(
        isApiError(error) && !error.isTransport
          ? error.message
          : translateDynamic('errors.password_reset'),
      );
    }
  });

  return (
    <div className="auth-card">
      {sentTo ? (
        <div className="stack" role="status">
          <h1 className="auth-card__title">{t('forgot.sent_title')}</h1>
          <p>
            <Trans
              t={t}
              i18nKey="forgot.sent_text"
              values={{ email: sentTo }}
              components={{ bold: <strong /> }}
            />
          </p>
          <Button variant="secondary" isBlock onClick={() => setSentTo(null)}>
            {t('forgot.resend')}
          </Button>
        </div>
      ) : (
        <>
          <div className="auth-card__head">
            <h1 className="auth-card__title">{t('forgot.title')}</h1>
            <p className="text-muted">{t('forgot.subtitle')}</p>
          </div>
          <form className="stack" noValidate onSubmit={onSubmit} onFocus={resolver.preload}>
            <Input
              label={t('email')}
              type="email"
              autoComplete="email"
              defaultValue={getValues('email')}
              error={translateFieldError(errors.email?.message)}
              {...register('email')}
            />
            <Button type="submit" isBlock isLoading={isSubmitting}>
              {t('forgot.submit')}
            </Button>
          </form>
        </>
      )}
      <p className="auth-card__footer">
        {t('login.no_account')} <Link to={paths.register}>{t('login.sign_up')}</Link>
      </p>
    </div>
  );
};
