import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IP_INFO_URL, PROXY_CHECKER_URL } from '../../../shared/config';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { useAwaitingAppProps } from '../../../shared/lib/use-is-hydrated';
import { ExternalLinkIcon, LogoutIcon } from '../../../shared/ui';
import { paths } from '../../paths';

/** `end`: active on its own path only (the profile's, not the security page below it). */
type MenuLink = { key: string; label: string; to: string; end?: boolean };
type MenuGroup = { key: string; title: string; links: MenuLink[] };

export const SideMenu = ({
  isRestricted,
  onNavigate,
  onLogout,
  id,
}: {
  isRestricted: boolean;
  onNavigate: () => void;
  onLogout: () => void;
  id: string;
}) => {
  const { t } = useTranslation();
  const awaitingApp = useAwaitingAppProps();
  const groups: MenuGroup[] = [
    {
      key: 'proxy_servers',
      title: t('cabinet.groups.proxy_servers'),
      links: [
        { key: 'overview', label: t('cabinet.menu.overview'), to: paths.cabinet.overview },
        { key: 'packages', label: t('cabinet.menu.packages'), to: paths.cabinet.packages },
        ...(isRestricted
          ? []
          : [{ key: 'buy', label: t('cabinet.menu.buy'), to: paths.cabinet.buy }]),
      ],
    },
    ...(isRestricted
      ? []
      : [
          {
            key: 'finance',
            title: t('cabinet.groups.finance'),
            links: [
              { key: 'top_up', label: t('cabinet.menu.top_up'), to: paths.cabinet.topUp },
              {
                key: 'transactions',
                label: t('cabinet.menu.transactions'),
                to: paths.cabinet.transactions,
              },
              { key: 'referral', label: t('cabinet.menu.referral'), to: paths.cabinet.referral },
            ],
          },
        ]),
    {
      key: 'account',
      title: t('cabinet.groups.account'),
      links: [
        {
          key: 'profile',
          label: t('cabinet.menu.profile'),
          to: paths.cabinet.profile,
          end: true,
        },
        { key: 'security', label: t('cabinet.menu.security'), to: paths.cabinet.security },
        {
          key: 'notifications',
          label: t('cabinet.menu.notifications'),
          to: paths.cabinet.notifications,
        },
      ],
    },
    {
      key: 'information',
      title: t('cabinet.groups.information'),
      links: [
        {
          key: 'api_documentation',
          label: t('cabinet.menu.api_documentation'),
          to: paths.cabinet.apiDocumentation,
        },
        { key: 'legal', label: t('cabinet.menu.legal'), to: paths.cabinet.legal },
        { key: 'faq', label: t('cabinet.menu.faq'), to: paths.cabinet.faq },
      ],
    },
  ];
  const external = [
    {
      key: 'proxy_checker',
      label: t('cabinet.menu.proxy_checker'),
      href: `${PROXY_CHECKER_URL}${currentLanguage()}`,
    },
    { key: 'ip_info', label: t('cabinet.menu.ip_info'), href: IP_INFO_URL },
  ];
  return (
    <nav id={id} className="side-menu" aria-label={t('cabinet.main_menu')}>
      {groups.map((group) => (
        <div key={group.key} className="side-menu__group">
          <h2 className="side-menu__title" id={`menu-group-${group.key}`}>
            {group.title}
          </h2>
          <ul className="side-menu__list" aria-labelledby={`menu-group-${group.key}`}>
            {group.links.map((link) => (
              <li key={link.key}>
                <NavLink
                  to={link.to}
                  end={link.end ?? false}
                  className="side-menu__link"
                  onClick={onNavigate}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="side-menu__group">
        <h2 className="side-menu__title" id="menu-group-services">
          {t('cabinet.groups.services')}
        </h2>
        <ul className="side-menu__list" aria-labelledby="menu-group-services">
          {external.map((link) => (
            <li key={link.key}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="side-menu__link"
              >
                {link.label}
                <span className="visually-hidden"> {t('ui.opens_new_tab')}</span>
                <ExternalLinkIcon />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="side-menu__logout" onClick={onLogout} {...awaitingApp}>
        <LogoutIcon />
        {t('cabinet.logout')}
      </button>
    </nav>
  );
};
