import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths';

export const NotFoundScreen = ({ isStandalone = false }: { isStandalone?: boolean }) => {
  const { t } = useTranslation();
  const body = (
    <section className="status-screen" aria-labelledby="not-found-title">
      <p className="status-screen__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="status-screen__title">
        {t('app.not_found_title')}
      </h1>
      <p className="status-screen__text">{t('app.not_found_text')}</p>
      <Link className="btn btn--primary btn--md" to={paths.cabinet.root}>
        {t('app.not_found_link')}
      </Link>
    </section>
  );
  return isStandalone ? <main className="page-center">{body}</main> : body;
};
