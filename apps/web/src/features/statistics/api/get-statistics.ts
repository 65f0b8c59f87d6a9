import { queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsEndpoints, type StatisticsPeriod } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

/** A statistics page names its package by uuid (/statistics/...) or key (/orders/statistics/...). */
export type PackageLookup = { uuid: string } | { packageKey: string };

export const statisticsQueryOptions = (lookup: PackageLookup, period: StatisticsPeriod) =>
  queryOptions({
    queryKey: ['statistics', lookup, period] as const,
    queryFn: ({ signal }) =>
      ('uuid' in lookup
        ? call(statisticsEndpoints.getStatisticsByUuid, {
            params: { uuid: lookup.uuid, period },
            signal,
          })
        : call(statisticsEndpoints.getStatisticsByKey, {
            params: { packageKey: lookup.packageKey, period },
            signal,
          })
      ).then((response) => response.data),
    // The page shows a failure itself.
    meta: { skipGlobalError: true },
  });

export const useStatistics = (lookup: PackageLookup, period: StatisticsPeriod) =>
  useQuery(statisticsQueryOptions(lookup, period));
