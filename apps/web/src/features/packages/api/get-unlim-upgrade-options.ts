import { queryOptions, useQuery } from '@tanstack/react-query';
import { packageChangesEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { packagesQueryKey } from './package-mutation';

/** GET /unlim/:packageID/upgrade: the faster tariffs an unlimited package can move to. */
export const unlimUpgradeOptionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...packagesQueryKey, 'unlim', id, 'upgrade-options'] as const,
    queryFn: ({ signal }) =>
      call(packageChangesEndpoints.unlimUpgradeOptions, { params: { packageID: id }, signal }).then(
        (r) => r.data,
      ),
    meta: { skipGlobalError: true },
  });

export const useUnlimUpgradeOptions = (id: number, isEnabled: boolean) =>
  useQuery({ ...unlimUpgradeOptionsQueryOptions(id), enabled: isEnabled });
