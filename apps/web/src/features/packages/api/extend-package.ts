import { packageLifecycleEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { packageChange, usePackageMutation, type PaidChange } from './package-mutation';

export type ExtendPackageInput = PaidChange & { period?: number };

/** POST /packages/:id/extend: a dynamic, premium or ISP package for another period. */
export const extendPackage = ({ period, ...change }: ExtendPackageInput) =>
  call(packageLifecycleEndpoints.extendPackage, {
    ...packageChange(change),
    body: period === undefined ? {} : { period },
  });

export const useExtendPackage = () => usePackageMutation(extendPackage);
