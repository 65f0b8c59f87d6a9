import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDollars, type Overview, type OverviewPackage } from '@proxy/contract';
import { paths } from '../../../../shared/config/paths';
import { packageTariffName } from '../../../../shared/lib/catalogue-names';
import { useFormatBytes } from '../../../../shared/lib/format-bytes';
import { formatDateTime } from '../../../../shared/lib/format-date';
import { Alert, QueryPage } from '../../../../shared/ui';
import { UsageChart } from '../../../../shared/ui/usage-chart/usage-chart';
import { useOverview } from '../../api/get-overview';
import { TrafficMeter } from '../panels/traffic-meter';
import './overview.css';

type OverviewPageProps = {
  /** The restricted kind of account: it neither buys nor tops up, so no such suggestion. */
  isRestricted: boolean;
};

/** The one suggestion of the overview, as a sentence and a link to where it is done. */
const NextAction = ({ overview, isRestricted }: { overview: Overview; isRestricted: boolean }) => {
  const { t, i18n } = useTranslation('packages');
  const { kind, package_id: packageId } = overview.next_action;
  if (kind === 'none' || isRestricted) return null;
  const pkg = overview.packages.find((p) => p.id === packageId);
  const price = formatDollars(pkg?.renewal_price ?? 0, i18n.language);
  const action = {
    buy: {
      text: t('overview.next.buy'),
      label: t('overview.next.buy_link'),
      to: paths.cabinet.buy,
    },
    extend: {
      text: t('overview.next.extend', { id: packageId, days: pkg?.days_left ?? 0, price }),
      label: t('overview.next.extend_link'),
      to: paths.cabinet.packages,
    },
    top_up: {
      text: pkg
        ? t('overview.next.top_up_for', { id: pkg.id, price })
        : t('overview.next.top_up', { balance: formatDollars(overview.balance, i18n.language) }),
      label: t('overview.next.top_up_link'),
      to: paths.cabinet.topUp,
    },
  }[kind];
  return (
    <section
      className="card overview-next"
      aria-labelledby="overview-next-title"
      data-testid="next-action"
      data-kind={kind}
    >
      <h2 id="overview-next-title" className="card-section__title">
        {t('overview.next.title')}
      </h2>
      <p>{action.text}</p>
      <Link className="btn btn--primary btn--md" to={action.to}>
        {action.label}
      </Link>
    </section>
  );
};

const PackageCard = ({ pkg }: { pkg: OverviewPackage }) => {
  const { t, i18n } = useTranslation('packages');
  return (
    <li className="card stack overview-package" data-testid={`overview-package-${pkg.id}`}>
      <div className="overview-package__head">
        <strong>{packageTariffName(pkg)}</strong>
        <span className="overview-package__meta">
          {t(`types.${pkg.type as 'isp'}`)} · #{pkg.id}
        </span>
      </div>
      <TrafficMeter usedBytes={pkg.traffic_used_bytes} limitBytes={pkg.traffic_limit_bytes} />
      <span className="overview-package__days">
        {pkg.days_left === null
          ? t('overview.no_expiry')
          : t('overview.days_left', {
              count: pkg.days_left,
              date: pkg.expired_at ? formatDateTime(pkg.expired_at, i18n.language) : '',
            })}
      </span>
    </li>
  );
};

/**
 * /cabinet/overview (decision 185): the balance, the 30 days' spend and traffic (the statistics
 * chart), the next thing to do, the packages expiring within a week and every running package
 * with its traffic used and left and its days left. One request: GET /overview.
 */
export const OverviewPage = ({ isRestricted }: OverviewPageProps) => {
  const { t, i18n } = useTranslation('packages');
  const query = useOverview();
  const bytes = useFormatBytes();
  const texts = {
    title: t('overview.title'),
    loading: t('overview.loading'),
    error: t('overview.error'),
    retry: t('overview.retry'),
  };
  return (
    <QueryPage className="overview-page stack" query={query} texts={texts}>
      {(overview) => {
        const expiring = overview.packages.filter((p) => p.is_expiring);
        return (
          <>
            <section className="card-grid overview-figures" aria-label={t('overview.figures')}>
              <div className="card stack overview-figure">
                <span className="overview-figure__label">{t('overview.balance')}</span>
                <strong className="overview-figure__value" data-testid="overview-balance">
                  {formatDollars(overview.balance, i18n.language)}
                </strong>
                {!isRestricted && <Link to={paths.cabinet.topUp}>{t('overview.top_up_link')}</Link>}
              </div>
              <div className="card stack overview-figure">
                <span className="overview-figure__label">{t('overview.spend_30d')}</span>
                <strong className="overview-figure__value" data-testid="overview-spend">
                  {formatDollars(overview.spend_30d, i18n.language)}
                </strong>
              </div>
              <div className="card stack overview-figure">
                <span className="overview-figure__label">{t('overview.traffic_30d')}</span>
                <strong className="overview-figure__value" data-testid="overview-traffic">
                  {bytes(overview.traffic_30d.totals.bytes)}
                </strong>
              </div>
            </section>
            <NextAction overview={overview} isRestricted={isRestricted} />
            {expiring.length > 0 && (
              <section className="stack" aria-labelledby="overview-expiring-title">
                <h2 id="overview-expiring-title" className="card-section__title">
                  {t('overview.expiring_title')}
                </h2>
                {expiring.map((p) => (
                  <Alert key={p.id} type="warning">
                    {t('overview.expiring', {
                      id: p.id,
                      tariff: packageTariffName(p),
                      count: p.days_left ?? 0,
                    })}{' '}
                    <Link to={paths.cabinet.packages}>{t('overview.next.extend_link')}</Link>
                  </Alert>
                ))}
              </section>
            )}
            <section className="stack" aria-labelledby="overview-packages-title">
              <h2 id="overview-packages-title" className="card-section__title">
                {t('overview.packages_title')}
              </h2>
              {overview.packages.length === 0 ? (
                <p>{t('overview.no_packages')}</p>
              ) : (
                <ul className="overview-packages">
                  {overview.packages.map((p) => (
                    <PackageCard key={p.id} pkg={p} />
                  ))}
                </ul>
              )}
              <Link to={paths.cabinet.packages}>{t('overview.all_packages')}</Link>
            </section>
            <section className="card stack" aria-labelledby="overview-chart-title">
              <h2 id="overview-chart-title" className="card-section__title">
                {t('overview.chart_title')}
              </h2>
              <UsageChart
                series={overview.traffic_30d}
                language={i18n.language}
                formatBytes={bytes}
                labels={{
                  time: t('overview.chart.time'),
                  download: t('overview.chart.download'),
                  upload: t('overview.chart.upload'),
                  loading: t('overview.chart.loading'),
                  error: t('overview.chart.error'),
                }}
              />
            </section>
          </>
        );
      }}
    </QueryPage>
  );
};
