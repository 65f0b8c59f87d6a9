import { queryOptions, useQuery } from '@tanstack/react-query';
import { proxyListsEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { proxyListsQueryKey } from './get-proxy-lists';

export type ListAddress = { packageId: number; packageKey: string; listId: number; name: string };

/** GET /proxy-list/:packageKey/:id/:name: the list's lines as printed. */
export const proxyListContentsQueryOptions = ({
  packageId,
  packageKey,
  listId,
  name,
}: ListAddress) =>
  queryOptions({
    queryKey: [...proxyListsQueryKey(packageId), 'contents', listId, name] as const,
    queryFn: ({ signal }) =>
      call(proxyListsEndpoints.getProxyListContents, {
        params: { packageKey, id: listId, name },
        signal,
      }).then((response) => response.list),
    meta: { skipGlobalError: true },
  });

export const useProxyListContents = (address: ListAddress, isEnabled = true) =>
  useQuery({ ...proxyListContentsQueryOptions(address), enabled: isEnabled });
