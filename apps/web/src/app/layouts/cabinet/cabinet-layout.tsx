import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDollars, type Language } from '@proxy/contract';
import { isApiError } from '../../../shared/api/api-error';
import { changeLanguage, translateDynamic } from '../../../shared/i18n/i18n';
import { clearReferralCode } from '../../../shared/lib/referral-code';
import { ACTIVE_USER_STATUS } from '../../../shared/config';
import { isRestrictedUser } from '../../../shared/lib/restricted-user';
import { logout } from '../../../shared/session/logout';
import { LiveChatToggle } from '../../../shared/live-chat/live-chat-toggle';
import { IconButton, LanguageSwitch, Loader, Logo, MenuIcon, showAlert } from '../../../shared/ui';
import { VerifyEmailScreen } from '../../../features/auth/components/verify-email-screen';
import { NotificationsBell } from '../../../features/notifications/components/notifications-bell';
import { SystemAlerts } from '../../../features/alerts/components/system-alerts';
import { useProfile } from '../../../features/profile/api/get-profile';
import { useUpdateProfile } from '../../../features/profile/api/update-profile';
import { ErrorBoundary } from '../../error-boundary';
import { GlobalErrorScreen } from '../../components/global-error-screen';
import { paths } from '../../paths';
import { CabinetFooter } from './cabinet-footer';
import { SideMenu } from './side-menu';
import './cabinet-layout.css';

/**
 * The title key (`cabinet.titles.*`) of the page at `pathname`: the name of the cabinet path
 * it is under, in snake_case (topUp -> top_up); `cabinet` outside them.
 */
const titleKeyFor = (pathname: string): string => {
  const page = Object.entries(paths.cabinet).find(
    ([name, prefix]) =>
      name !== 'root' && (pathname === prefix || pathname.startsWith(`${prefix}/`)),
  );
  return page ? page[0].replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) : 'cabinet';
};

export const CabinetLayout = () => {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const profile = useProfile();
  // The profile arrives through a store subscription, whose updates React renders in one
  // blocking task; the whole cabinet renders from it. Deferred, that render is a transition:
  // React yields to the browser every few milliseconds (Total Blocking Time).
  const profileData = useDeferredValue(profile.data);
  const updateProfile = useUpdateProfile();
  const [isMenuOpen, setMenuOpen] = useState(false);

  // The referral code only matters until the first cabinet visit.
  useEffect(() => clearReferralCode(), []);

  const title = translateDynamic(`cabinet.titles.${titleKeyFor(location.pathname)}`);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);

  if (profile.isError)
    return <GlobalErrorScreen isStandalone onAction={() => void profile.refetch()} />;
  if (!profileData) return <Loader label={t('app.loading')} fullScreen />;

  const { user } = profileData;
  const isRestricted = isRestrictedUser(user);

  const onLanguageChange = (language: Language) => {
    void changeLanguage(language);
    updateProfile.mutate(
      { locale: language },
      {
        onError: (error) =>
          showAlert.error(
            isApiError(error) && !error.isTransport
              ? error.message
              : translateDynamic('errors.save'),
          ),
      },
    );
  };

  const onLogout = () => {
    void logout().then(() => navigate(paths.login, { replace: true }));
  };

  return (
    <div className={isMenuOpen ? 'cabinet cabinet--menu-open' : 'cabinet'}>
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      {/* The aside spans the page's full height (its background too); the inner part sticks. */}
      <aside className="cabinet__sidebar">
        <div className="cabinet__sidebar-inner">
          <div className="cabinet__brand">
            <Logo label={t('app.name')} />
          </div>
          <SideMenu
            id="cabinet-menu"
            isRestricted={isRestricted}
            onNavigate={() => setMenuOpen(false)}
            onLogout={onLogout}
          />
        </div>
      </aside>
      {isMenuOpen && (
        <div className="cabinet__scrim" aria-hidden="true" onClick={() => setMenuOpen(false)} />
      )}
      <div className="cabinet__content">
        <header className="cabinet-header">
          <IconButton
            className="cabinet-header__burger"
            label={t('cabinet.open_menu')}
            aria-expanded={isMenuOpen}
            aria-controls="cabinet-menu"
            onClick={() => setMenuOpen((value) => !value)}
          >
            <MenuIcon />
          </IconButton>
          <p className="cabinet-header__title">{title}</p>
          {/* Where the footer (desktop only) is hidden, the header carries the balance. */}
          <p className="cabinet-header__balance">
            <span className="visually-hidden">{t('cabinet.balance')}: </span>
            <strong data-testid="header-balance">
              {formatDollars(user.balance, i18n.language)}
            </strong>
          </p>
          <div className="cabinet-header__actions">
            <LanguageSwitch onChange={onLanguageChange} />
            <NotificationsBell />
            <LiveChatToggle />
          </div>
        </header>
        <main id="main" className="cabinet__main" tabIndex={-1}>
          {user.email_verified_at || location.pathname === paths.cabinet.emailVerification ? (
            <ErrorBoundary
              key={location.pathname}
              fallback={(reset) => <GlobalErrorScreen onAction={reset} />}
            >
              <Suspense fallback={<Loader label={t('app.loading')} />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          ) : (
            <VerifyEmailScreen email={user.email} />
          )}
        </main>
        <CabinetFooter apiKey={user.api_key} balance={user.balance} />
        <SystemAlerts
          isEnabled={
            !isRestricted && user.status === ACTIVE_USER_STATUS && !!user.email_verified_at
          }
        />
      </div>
    </div>
  );
};
