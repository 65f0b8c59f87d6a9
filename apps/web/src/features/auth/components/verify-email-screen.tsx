import { Trans, useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useMarkFirstScreenShown } from '../../../shared/lib/after-paint';
import { Button, MailIllustration, showAlert } from '../../../shared/ui';
import { useSendEmailVerification } from '../api/send-email-verification';

/** Shown instead of the cabinet pages while the e-mail is not verified. */
export const VerifyEmailScreen = ({ email }: { email: string }) => {
  // The cabinet shows it in place of its pages: it is the screen.
  useMarkFirstScreenShown();
  const { t } = useTranslation('auth');
  const send = useSendEmailVerification();
  const resend = async () => {
    try {
      const response = await send.mutateAsync({ email });
      showAlert.success(response.message || t('verify.sent'));
    } catch (error) {
      showAlert.error(
        isApiError(error) && !error.isTransport
          ? error.message
          : translateDynamic('errors.verify_email_send'),
      );
    }
  };
  return (
    <section className="card verify-email stack" aria-labelledby="verify-email-title">
      <MailIllustration />
      <h1 id="verify-email-title" className="page-title">
        {t('verify.title')}
      </h1>
      <p>
        <Trans t={t} i18nKey="verify.text" values={{ email }} components={{ bold: <strong /> }} />
      </p>
      <p className="text-muted">{t('verify.hint')}</p>
      <div>
        <Button onClick={() => void resend()} isLoading={send.isPending}>
          {t('verify.resend')}
        </Button>
      </div>
    </section>
  );
};
