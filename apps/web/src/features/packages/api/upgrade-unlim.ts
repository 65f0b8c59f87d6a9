import { packageChangesEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { idempotencyHeader, usePackageMutation } from './package-mutation';
import type { UpgradeInput } from './upgrade-package';

/** POST /unlim/:packageID/upgrade: an unlimited package to a faster tariff. */
export const upgradeUnlim = ({ id, tariffId, attemptKey }: UpgradeInput) =>
  call(packageChangesEndpoints.upgradeUnlim, {
    params: { packageID: id },
    body: { tariff_id: tariffId },
    headers: idempotencyHeader(attemptKey),
  });

export const useUpgradeUnlim = () => usePackageMutation(upgradeUnlim);
