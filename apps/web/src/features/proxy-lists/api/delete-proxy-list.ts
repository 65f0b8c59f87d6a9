import { proxyListsEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { usePackageMutation } from '../../../shared/api/package-cache';

export type DeleteProxyListInput = { packageId: number; listId: number };

/** DELETE /packages/:id/proxy-lists/:listId (the gateway closes its ports and sessions). */
export const deleteProxyList = ({ packageId, listId }: DeleteProxyListInput) =>
  call(proxyListsEndpoints.deleteProxyList, { params: { id: packageId, listId } });

export const useDeleteProxyList = () => usePackageMutation(deleteProxyList);
