import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATISTICS_PERIODS, type StatisticsPeriod, type UsageTotals } from '@proxy/contract';
import { paths } from '../../../shared/config/paths';
import { useFormatBytes } from '../../../shared/lib/format-bytes';
import { packageTariffName } from '../../../shared/lib/catalogue-names';
import { QueryPage, useQueryPageTexts } from '../../../shared/ui';
import { useStatistics, type PackageLookup } from '../api/get-statistics';
import { ReportDownload } from './report-download';
import { SubUsersUsage } from './sub-users-usage';
import { UsageChart } from '../../../shared/ui/usage-chart/usage-chart';
import '../statistics.css';

type StatisticsPageProps = {
  lookup: PackageLookup;
  period: StatisticsPeriod;
  /** Where the page of another period is (same lookup). */
  periodPath: (period: StatisticsPeriod) => string;
};

const TotalCard = ({
  period,
  totals,
  isCurrent,
  href,
}: {
  period: StatisticsPeriod;
  totals: UsageTotals;
  isCurrent: boolean;
  href: string;
}) => {
  const { t } = useTranslation('statistics');
  const bytes = useFormatBytes();
  return (
    <Link
      to={href}
      className="card stack statistics-total"
      aria-current={isCurrent ? 'page' : undefined}
      data-testid={`total-${period}`}
    >
      <span className="statistics-total__period">{t(`periods.${period}`)}</span>
      <strong className="statistics-total__bytes" data-bytes={totals.bytes}>
        {bytes(totals.bytes)}
      </strong>
      <span className="statistics-total__split">
        {t('totals.down')}: <span data-bytes={totals.bytes_down}>{bytes(totals.bytes_down)}</span>
        {' · '}
        {t('totals.up')}: <span data-bytes={totals.bytes_up}>{bytes(totals.bytes_up)}</span>
      </span>
    </Link>
  );
};

/**
 * A package's statistics (spec: opened in a new tab from its panel): totals of every period,
 * each a link to that period's chart, the traffic chart of the current period, its split by
 * sub-user and the report download.
 */
export const StatisticsPage = ({ lookup, period, periodPath }: StatisticsPageProps) => {
  const { t, i18n } = useTranslation('statistics');
  const query = useStatistics(lookup, period);
  const texts = useQueryPageTexts('statistics');
  const bytes = useFormatBytes();
  return (
    <main className="statistics-page stack">
      <Link to={paths.cabinet.packages} className="statistics-page__back">
        {t('back')}
      </Link>
      <QueryPage className="stack" query={query} texts={texts}>
        {(data) => {
          const isEmpty = data.series.totals.bytes === 0;
          return (
            <>
              <p className="statistics-page__package">
                {t('package', { id: data.package.id, tariff: packageTariffName(data.package) })}
              </p>
              <section aria-label={t('totals.title')} className="card-grid statistics-totals">
                {STATISTICS_PERIODS.map((each) => (
                  <TotalCard
                    key={each}
                    period={each}
                    totals={data.totals[each]}
                    isCurrent={each === period}
                    href={periodPath(each)}
                  />
                ))}
              </section>
              <section className="card statistics-chart" aria-labelledby="statistics-chart-title">
                <h2 id="statistics-chart-title" className="statistics-section-title">
                  {t('chart.title', { period: t(`periods.${period}`) })}
                </h2>
                {isEmpty && <p className="statistics-chart__empty">{t('chart.empty')}</p>}
                <UsageChart
                  series={data.series}
                  language={i18n.language}
                  formatBytes={bytes}
                  labels={{
                    time: t('chart.time'),
                    download: t('totals.down'),
                    upload: t('totals.up'),
                    loading: t('chart.loading'),
                    error: t('chart.error'),
                  }}
                />
              </section>
              <SubUsersUsage subUsers={data.sub_users} periodLabel={t(`periods.${period}`)} />
              <ReportDownload packageKey={data.package.package_key} />
            </>
          );
        }}
      </QueryPage>
    </main>
  );
};
