import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { proxyListsEndpoints, type ProxyListRow } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { packagesQueryKey } from '../../../shared/api/package-cache';
import { toListQuery, type TableState } from '../../../shared/ui/table';

export type { ProxyListRow };

/** Every cached page of one package's lists (under the packages key: a package change clears it). */
export const proxyListsQueryKey = (packageId: number) =>
  [...packagesQueryKey, 'proxy-lists', packageId] as const;

/** GET /packages/:id/proxy-lists: one page, sorted, searched by name (server side). */
export const proxyListsQueryOptions = (packageId: number, state: TableState, search: string) => {
  const { page, per_page, sort, direction } = toListQuery(state);
  return queryOptions({
    queryKey: [...proxyListsQueryKey(packageId), { page, per_page, sort, direction, search }],
    queryFn: ({ signal }) =>
      call(proxyListsEndpoints.listProxyLists, {
        params: { id: packageId },
        query: { page, per_page, sort, direction, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { skipGlobalError: true },
  });
};

export const useProxyLists = (packageId: number, state: TableState, search: string) =>
  useQuery(proxyListsQueryOptions(packageId, state, search));
