import { queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const apiToolsQueryOptions = (packageKey: string) =>
  queryOptions({
    queryKey: ['api-tools', packageKey] as const,
    queryFn: ({ signal }) =>
      call(statisticsEndpoints.getApiTools, { params: { packageKey }, signal }).then(
        (response) => response.data,
      ),
    meta: { skipGlobalError: true },
  });

export const useApiTools = (packageKey: string) => useQuery(apiToolsQueryOptions(packageKey));
