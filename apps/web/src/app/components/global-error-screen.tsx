import { Trans, useTranslation } from 'react-i18next';
import { SUPPORT_MESSENGER_URL } from '../../shared/config';
import { Button } from '../../shared/ui';

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
      <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
        <circle
          cx="24"
          cy="24"
          r="21"
          fill="var(--color-danger-soft)"
          stroke="var(--color-danger)"
          strokeWidth="2"
        />
        <path
          d="M24 13v14M24 32v3"
          stroke="var(--color-danger)"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <h1 id="global-error-title" className="status-screen__title">
        {title ?? t('app.error_title')}
      </h1>
      <p className="status-screen__text">
        <strong>{t('app.error_text_bold')}</strong>{' '}
        <Trans
          t={t}
          i18nKey="app.error_text"
          components={{
            support: <a href={SUPPORT_MESSENGER_URL} target="_blank" rel="noopener noreferrer" />,
          }}
        />
      </p>
      <Button onClick={() => (onAction ? onAction() : window.location.reload())}>
        {t('app.reload')}
      </Button>
    </section>
  );
  return isStandalone ? <main className="page-center">{body}</main> : body;
};
