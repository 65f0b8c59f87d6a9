import { packageChangesEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { packageChange, usePackageMutation, type PaidChange } from './package-mutation';

/** POST /packages/:id/restore: a suspended package for the 30-day price. */
export const restorePackage = (change: PaidChange) =>
  call(packageChangesEndpoints.restorePackage, packageChange(change));

export const useRestorePackage = () => usePackageMutation(restorePackage);
