import { Trans, useTranslation } from 'react-i18next';
import { Button, ErrorIllustration, SupportLink } from '../../shared/ui';

export type GlobalErrorScreenProps = {
  title?: string;
  onAction?: () => void;
  /** Wrap in <main> when shown outside any layout. */
  isStandalone?: boolean;
};

/** Heading, text with a bold part and the support link, and a reload button. */
export const GlobalErrorScreen = ({
  title,
  onAction,
  isStandalone = false,
}: GlobalErrorScreenProps) => {
  const { t } = useTranslation();
  const body = (
    <section className="status-screen" aria-labelledby="global-error-title">
      <ErrorIllustration />
      <h1 id="global-error-title" className="status-screen__title">
        {title ?? t('app.error_title')}
      </h1>
      <p className="status-screen__text">
        <strong>{t('app.error_text_bold')}</strong>{' '}
        <Trans t={t} i18nKey="app.error_text" components={{ support: <SupportLink /> }} />
      </p>
      <Button onClick={() => (onAction ? onAction() : window.location.reload())}>
        {t('app.reload')}
      </Button>
    </section>
  );
  return isStandalone ? <main className="page-center">{body}</main> : body;
};
