import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { packageLinks } from '../../utils/package-links';

export type FactItem = [label: string, value: ReactNode];

/** A panel's facts as a definition list; entries without a value are left out. */
export const Facts = ({ items }: { items: readonly FactItem[] }) => (
  <dl className="package-panel__facts">
    {items
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .map(([label, value]) => (
        <div key={label} className="package-panel__fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
  </dl>
);

/** A link of a panel: a route over the list, or a page opened in a new tab. */
export type PanelLink = { label: string; to: string; isNewTab?: boolean };

export const PanelLinks = ({ links }: { links: readonly PanelLink[] }) => {
  const { t } = useTranslation();
  return (
    <div className="package-panel__links">
      {links.map((link) =>
        link.isNewTab ? (
          <a
            key={link.to}
            className="btn btn--secondary btn--sm"
            href={link.to}
            target="_blank"
            rel="noopener noreferrer"
          >
            {link.label}
            <span className="visually-hidden"> {t('ui.opens_new_tab')}</span>
          </a>
        ) : (
          <Link key={link.to} className="btn btn--secondary btn--sm" to={link.to}>
            {link.label}
          </Link>
        ),
      )}
    </div>
  );
};

/** Statistics (its page, by uuid or key) and API tools: both open in a new tab. */
export const useUsageLinks = () => {
  const { t } = useTranslation('packages');
  return (statisticsUrl: string, packageKey: string): PanelLink[] => [
    { label: t('panel.statistics'), to: statisticsUrl, isNewTab: true },
    { label: t('panel.api_tool'), to: packageLinks.apiTools(packageKey), isNewTab: true },
  ];
};
