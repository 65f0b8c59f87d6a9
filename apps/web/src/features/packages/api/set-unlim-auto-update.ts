import { packageLifecycleEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { usePackageMutation } from './package-mutation';
import type { AutoUpdateChange } from './set-package-auto-update';

/** POST /unlim/:packageID/auto-update: auto-renewal of an unlimited package. */
export const setUnlimAutoUpdate = ({ id, isOn }: AutoUpdateChange) =>
  call(packageLifecycleEndpoints.setUnlimAutoUpdate, {
    params: { packageID: id },
    body: { auto_update: isOn },
  });

export const useSetUnlimAutoUpdate = () => usePackageMutation(setUnlimAutoUpdate);
