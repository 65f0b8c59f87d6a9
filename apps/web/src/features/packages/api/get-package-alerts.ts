import { queryOptions, useQuery } from '@tanstack/react-query';
import { packageAlertsEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { packagesQueryKey } from './package-mutation';

/** GET /packages/:id/alerts: the package's usage alerts, under the packages key. */
export const packageAlertsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...packagesQueryKey, 'alerts', id] as const,
    queryFn: ({ signal }) =>
      call(packageAlertsEndpoints.getPackageAlerts, { params: { id }, signal }).then((r) => r.data),
    meta: { skipGlobalError: true },
  });

export const usePackageAlerts = (id: number) => useQuery(packageAlertsQueryOptions(id));
