import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../shared/ui';
import { packageLinks } from '../../utils/package-links';
import { ReportModal } from '../modals/report-modal';

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

/**
 * A link of a panel: a route over the list, or a page opened in a new tab; or the button of the
 * statistics report modal of a package.
 */
export type PanelLink =
  | { label: string; to: string; isNewTab?: boolean }
  | { label: string; report: { id: number; package_key: string } };

const ReportButton = ({
  label,
  pkg,
}: {
  label: string;
  pkg: { id: number; package_key: string };
}) => {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {label}
      </Button>
      {isOpen && <ReportModal pkg={pkg} onClose={() => setOpen(false)} />}
    </>
  );
};

export const PanelLinks = ({ links }: { links: readonly PanelLink[] }) => {
  const { t } = useTranslation();
  return (
    <div className="package-panel__links">
      {links.map((link) =>
        'report' in link ? (
          <ReportButton key="report" label={link.label} pkg={link.report} />
        ) : link.isNewTab ? (
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

/**
 * What every panel with statistics has (dynamic, premium, unlimited): the generator (a route
 * over the list), statistics and API tools (new tabs), and the statistics report modal.
 */
export const useUsageLinks = () => {
  const { t } = useTranslation('packages');
  return (statisticsUrl: string, pkg: { id: number; package_key: string }): PanelLink[] => [
    { label: t('panel.generator'), to: packageLinks.generator(pkg.id) },
    { label: t('panel.statistics'), to: statisticsUrl, isNewTab: true },
    { label: t('panel.api_tool'), to: packageLinks.apiTools(pkg.package_key), isNewTab: true },
    { label: t('panel.report'), report: pkg },
  ];
};
