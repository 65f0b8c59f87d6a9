import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { selectIsAuthenticated, useSessionStore } from '../../shared/session/session-store';
import { paths } from '../paths';
import { useDocumentTitle } from '../use-document-title';
import './status-screen.css';

/**
 * The one not-found screen, inside the cabinet and on the public pages: the way on is the
 * cabinet for a signed-in user and the log-in page for a guest.
 */
export const NotFoundScreen = () => {
  const { t } = useTranslation();
  const isSignedIn = useSessionStore(selectIsAuthenticated);
  useDocumentTitle(t('app.not_found_title'));
  return (
    <section className="status-screen" aria-labelledby="not-found-title">
      <p className="status-screen__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="status-screen__title">
        {t('app.not_found_title')}
      </h1>
      <p className="status-screen__text">{t('app.not_found_text')}</p>
      {isSignedIn ? (
        <Link className="btn btn--primary btn--md" to={paths.cabinet.root}>
          {t('app.not_found_link')}
        </Link>
      ) : (
        <Link className="btn btn--primary btn--md" to={paths.login}>
          {t('app.not_found_login')}
        </Link>
      )}
    </section>
  );
};
