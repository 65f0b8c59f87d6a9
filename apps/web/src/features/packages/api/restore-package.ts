import { packageChangesEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { idempotencyHeader, usePackageMutation } from './package-mutation';

/** POST /packages/:id/restore: a suspended package for the 30-day price. */
export const restorePackage = ({ id, attemptKey }: { id: number; attemptKey: string }) =>
  call(packageChangesEndpoints.restorePackage, {
    params: { id },
    headers: idempotencyHeader(attemptKey),
  });

export const useRestorePackage = () => usePackageMutation(restorePackage);
