import { proxyListsEndpoints, type CreateProxyList } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { usePackageMutation } from '../../../shared/api/package-cache';

export type CreateProxyListInput = { packageId: number; body: CreateProxyList };

/** POST /packages/:id/proxy-lists -> { success, list_id }. */
export const createProxyList = ({ packageId, body }: CreateProxyListInput) =>
  call(proxyListsEndpoints.createProxyList, { params: { id: packageId }, body });

export const useCreateProxyList = () => usePackageMutation(createProxyList);
