import { packageLifecycleEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { usePackageMutation } from './package-mutation';

export type AutoUpdateChange = { id: number; isOn: boolean };

/** POST /packages/:id/auto-update: auto-renewal of a dynamic, premium or ISP package. */
export const setPackageAutoUpdate = ({ id, isOn }: AutoUpdateChange) =>
  call(packageLifecycleEndpoints.setPackageAutoUpdate, {
    params: { id },
    body: { auto_update: isOn },
  });

export const useSetPackageAutoUpdate = () => usePackageMutation(setPackageAutoUpdate);
