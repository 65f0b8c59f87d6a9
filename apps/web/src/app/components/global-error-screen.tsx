import { useTranslation } from 'react-i18next';
import { useMarkFirstScreenShown } from '../../shared/lib/after-paint';
import { Button, ErrorIllustration, SupportLink } from '../../shared/ui';
import './status-screen.css';

/**
 * `Reload ... in the <support>support chat</support>.` with the tagged part as the support link.
 * The screen is on the first screen's bundle (it must show even when a chunk fails to load), so
 * it does not pull react-i18next's <Trans> and its HTML parser in for one tag.
 */
export const withSupportLink = (text: string) => {
  const [before = text, link, after = ''] = text.split(/<support>|<\/support>/);
  return link === undefined ? (
    text
  ) : (
    <>
      {before}
      <SupportLink>{link}</SupportLink>
      {after}
    </>
  );
};

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
  // Shown in place of a screen: it is the screen.
  useMarkFirstScreenShown();
  const { t } = useTranslation();
  const body = (
    <section className="status-screen" aria-labelledby="global-error-title">
      <ErrorIllustration />
      <h1 id="global-error-title" className="status-screen__title">
        {title ?? t('app.error_title')}
      </h1>
      <p className="status-screen__text">
        <strong>{t('app.error_text_bold')}</strong> {withSupportLink(t('app.error_text'))}
      </p>
      <Button onClick={() => (onAction ? onAction() : window.location.reload())}>
        {t('app.reload')}
      </Button>
    </section>
  );
  return isStandalone ? <main className="page-center">{body}</main> : body;
};
