import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { marketingSiteUrl } from '../../shared/config';
import { currentLanguage } from '../../shared/i18n/i18n';
import { BackIcon, IconButton, LanguageSwitch, Logo } from '../../shared/ui';
import { paths } from '../paths';

/**
 * The bar above the public pages: back, the logo and the language switch (the auth pages show
 * back and logo only where the hero panel is hidden).
 */
export const PublicTopbar = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const siteUrl = marketingSiteUrl(currentLanguage());
  const goBack = () => {
    if (window.history.length > 1) void navigate(-1);
    else window.location.assign(siteUrl);
  };
  return (
    <header className="auth-topbar">
      <IconButton className="auth-topbar__back" label={t('app.back')} onClick={goBack}>
        <BackIcon />
      </IconButton>
      <span className="auth-topbar__logo">
        <Logo href={siteUrl} label={t('app.logo')} isExternal />
      </span>
      <LanguageSwitch />
    </header>
  );
};

/** The foot of the public pages: the legal texts, readable without an account. */
export const PublicFooter = () => {
  const { t } = useTranslation('auth');
  return (
    <footer className="auth-footer">
      <Link to={paths.legal}>{t('footer.legal')}</Link>
    </footer>
  );
};
