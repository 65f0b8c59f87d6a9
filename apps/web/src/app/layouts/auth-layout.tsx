import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader, Logo, TickBullet } from '../../shared/ui';
import { marketingSiteUrl } from '../../shared/config';
import { currentLanguage } from '../../shared/i18n/i18n';
import { PublicFooter, PublicTopbar } from './public-chrome';
import './auth-layout.css';

const BULLETS = ['hero.bullet_1', 'hero.bullet_2', 'hero.bullet_3', 'hero.bullet_4'] as const;

/** Hero panel + form panel; at <= 1092 px a back-button header with logo and language switch. */
export const AuthLayout = () => {
  const { t } = useTranslation(['auth', 'base']);
  const siteUrl = marketingSiteUrl(currentLanguage());
  return (
    <div className="auth-layout">
      <aside className="auth-hero" aria-labelledby="auth-hero-title">
        <Logo href={siteUrl} label={t('base:app.logo')} isExternal />
        <div className="auth-hero__body">
          <h2 id="auth-hero-title" className="auth-hero__title">
            {t('auth:hero.title')}
          </h2>
          <p className="auth-hero__text">{t('auth:hero.description')}</p>
          <ul className="auth-hero__list">
            {BULLETS.map((key) => (
              <li key={key}>
                <TickBullet />
                {t(`auth:${key}`)}
              </li>
            ))}
          </ul>
        </div>
      </aside>
      <div className="auth-panel">
        <PublicTopbar />
        <main className="auth-main" id="main">
          <Suspense fallback={<Loader label={t('base:app.loading')} />}>
            <Outlet />
          </Suspense>
        </main>
        <PublicFooter />
      </div>
    </div>
  );
};
