import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EmailOnlyInput } from '@proxy/contract';
import { paths } from '../../../shared/config/paths';
import { reportFormError } from '../../../shared/lib/form-errors';
import { lazyZodResolver } from '../../../shared/lib/lazy-zod-resolver';
import { Button } from '../../../shared/ui';
import { useForgotPassword } from '../api/forgot-password';
import { EmailField } from './email-field';

/** Form -> sent confirmation (with the e-mail) -> back to the form through "Resend". */
const resolver = lazyZodResolver<EmailOnlyInput>(() =>
  import('../../../shared/validation/auth-schemas').then((m) => m.emailOnlySchema),
);

export const ForgotPasswordForm = () => {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const form = useForm<EmailOnlyInput>({ resolver, defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      reportFormError(error, form.setError, ['email'], { fallbackKey: 'errors.password_reset' });
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
            <EmailField form={form} defaultValue={form.getValues('email')} />
            <Button type="submit" isBlock isLoading={form.formState.isSubmitting}>
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
