import { proxyListsEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { usePackageMutation } from '../../../shared/api/package-cache';

export type RenameProxyListInput = { packageId: number; listId: number; name: string };

/** PATCH /packages/:id/proxy-lists/:listId { name }. */
export const renameProxyList = ({ packageId, listId, name }: RenameProxyListInput) =>
  call(proxyListsEndpoints.renameProxyList, {
    params: { id: packageId, listId },
    body: { name },
  });

export const useRenameProxyList = () => usePackageMutation(renameProxyList);
