import { packageChangesEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { unlimChange, usePackageMutation } from './package-mutation';
import type { UpgradeInput } from './upgrade-package';

/** POST /unlim/:packageID/upgrade: an unlimited package to a faster tariff. */
export const upgradeUnlim = ({ tariffId, ...change }: UpgradeInput) =>
  call(packageChangesEndpoints.upgradeUnlim, {
    ...unlimChange(change),
    body: { tariff_id: tariffId },
  });

export const useUpgradeUnlim = () => usePackageMutation(upgradeUnlim);
