import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export const getNetworks = (signal?: AbortSignal) =>
  call(paymentsEndpoints.getNetworks, { signal });

export const networksQueryOptions = () =>
  queryOptions({
    queryKey: ['payment', 'networks'],
    queryFn: ({ signal }) => getNetworks(signal),
    staleTime: 60 * 60 * 1000,
    meta: { skipGlobalError: true },
  });

export const useNetworks = (isEnabled: boolean) =>
  useQuery({ ...networksQueryOptions(), enabled: isEnabled });
