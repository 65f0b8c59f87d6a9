import { packageLifecycleEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { idempotencyHeader, usePackageMutation } from './package-mutation';

export type ExtendPackageInput = { id: number; period?: number; attemptKey: string };

/** POST /packages/:id/extend: a dynamic, premium or ISP package for another period. */
export const extendPackage = ({ id, period, attemptKey }: ExtendPackageInput) =>
  call(packageLifecycleEndpoints.extendPackage, {
    params: { id },
    body: period === undefined ? {} : { period },
    headers: idempotencyHeader(attemptKey),
  });

export const useExtendPackage = () => usePackageMutation(extendPackage);
