import type { ComponentProps } from 'react';
import { useParams } from 'react-router';
import { STATISTICS_PERIODS, type StatisticsPeriod } from '@proxy/contract';
import { StatisticsPage } from '../../features/statistics';
import { paths } from '../paths';
import { Redirect } from '../../shared/ui/redirect';

const asPeriod = (value: string | undefined): StatisticsPeriod | null =>
  (STATISTICS_PERIODS as readonly (string | undefined)[]).includes(value)
    ? (value as StatisticsPeriod)
    : null;

type StatisticsRouteProps = {
  lookup: ComponentProps<typeof StatisticsPage>['lookup'];
  /** The page's address for a period. */
  pathOf: (period: StatisticsPeriod) => string;
};

/** The statistics page of the package a route names; a missing or unknown period goes to all. */
const StatisticsRoute = ({ lookup, pathOf }: StatisticsRouteProps) => {
  const current = asPeriod(useParams().period);
  if (!current) return <Redirect to={pathOf('all')} replace />;
  return <StatisticsPage lookup={lookup} period={current} periodPath={pathOf} />;
};

/** /statistics/:uuid/:period (the spec's link is /statistics/{uuid}/all). */
export const StatisticsByUuidRoute = () => {
  const { uuid = '' } = useParams();
  const pathOf = (period: StatisticsPeriod) => paths.statistics.byUuid(uuid, period);
  return <StatisticsRoute key={uuid} lookup={{ uuid }} pathOf={pathOf} />;
};

/** /orders/statistics/:packageKey/:period. */
export const StatisticsByKeyRoute = () => {
  const { packageKey = '' } = useParams();
  const pathOf = (period: StatisticsPeriod) => paths.statistics.byKey(packageKey, period);
  return <StatisticsRoute key={packageKey} lookup={{ packageKey }} pathOf={pathOf} />;
};
