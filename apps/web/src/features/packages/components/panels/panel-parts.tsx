import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ModalButton } from '../../../../shared/ui';
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

/** A package with statistics (dynamic, premium, unlimited) and where its statistics page is. */
export type PanelUsage = { pkg: { id: number; package_key: string }; statisticsUrl: string };

/**
 * A panel's links: its own, then for a package with statistics the generator (a route over the
 * list), statistics and API tools (new tabs) and the statistics report modal.
 */
export const PanelLinks = ({
  links = [],
  usage,
}: {
  links?: readonly PanelLink[];
  usage?: PanelUsage;
}) => {
  const { t } = useTranslation(['packages', 'base']);
  const usageLinks: PanelLink[] = usage
    ? [
        { label: t('panel.generator'), to: packageLinks.generator(usage.pkg.id) },
        { label: t('panel.statistics'), to: usage.statisticsUrl, isNewTab: true },
        {
          label: t('panel.api_tool'),
          to: packageLinks.apiTools(usage.pkg.package_key),
          isNewTab: true,
        },
        { label: t('panel.report'), report: usage.pkg },
      ]
    : [];
  return (
    <div className="package-panel__links">
      {[...links, ...usageLinks].map((link) =>
        'report' in link ? (
          <ModalButton
            key="report"
            variant="secondary"
            size="sm"
            modal={(close) => <ReportModal pkg={link.report} onClose={close} />}
          >
            {link.label}
          </ModalButton>
        ) : link.isNewTab ? (
          <a
            key={link.to}
            className="btn btn--secondary btn--sm"
            href={link.to}
            target="_blank"
            rel="noopener noreferrer"
          >
            {link.label}
            <span className="visually-hidden"> {t('base:ui.opens_new_tab')}</span>
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
