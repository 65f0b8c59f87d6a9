import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../shared/ui';
import { PublicFooter, PublicTopbar } from './public-chrome';
import './auth-layout.css';

/**
 * Pages anyone may open, signed in or not (the legal texts, an unknown address): the auth
 * pages' bar and footer around one wide card, without the hero panel.
 */
export const PublicLayout = () => {
  const { t } = useTranslation();
  return (
    <div className="public-layout">
      <PublicTopbar />
      <main className="public-main" id="main">
        <Suspense fallback={<Loader label={t('app.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
};
