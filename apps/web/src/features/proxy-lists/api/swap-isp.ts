import { packageChangesEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { usePackageMutation } from '../../../shared/api/package-cache';

/** POST /packages/:id/swap: new addresses for an ISP package, once per package. */
export const swapIsp = (packageId: number) =>
  call(packageChangesEndpoints.swapIsp, { params: { id: packageId } });

export const useSwapIsp = () => usePackageMutation(swapIsp);
