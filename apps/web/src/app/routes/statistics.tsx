import { Navigate, useParams } from 'react-router';
import { STATISTICS_PERIODS, type StatisticsPeriod } from '@proxy/contract';
import { StatisticsPage } from '../../features/statistics';
import { paths } from '../paths';

const asPeriod = (value: string | undefined): StatisticsPeriod | null =>
  (STATISTICS_PERIODS as readonly (string | undefined)[]).includes(value)
    ? (value as StatisticsPeriod)
    : null;

/** /statistics/:uuid/:period (the spec's link is /statistics/{uuid}/all). */
export const StatisticsByUuidRoute = () => {
  const { uuid = '', period } = useParams();
  const current = asPeriod(period);
  if (!current) return <Navigate to={paths.statistics.byUuid(uuid, 'all')} replace />;
  return (
    <StatisticsPage
      key={uuid}
      lookup={{ uuid }}
      period={current}
      periodPath={(each) => paths.statistics.byUuid(uuid, each)}
    />
  );
};

/** /orders/statistics/:packageKey/:period. */
export const StatisticsByKeyRoute = () => {
  const { packageKey = '', period } = useParams();
  const current = asPeriod(period);
  if (!current) return <Navigate to={paths.statistics.byKey(packageKey, 'all')} replace />;
  return (
    <StatisticsPage
      key={packageKey}
      lookup={{ packageKey }}
      period={current}
      periodPath={(each) => paths.statistics.byKey(packageKey, each)}
    />
  );
};
