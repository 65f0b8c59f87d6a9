import { packageChangesEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { packageChange, usePackageMutation, type PaidChange } from './package-mutation';

export type UpgradeInput = PaidChange & { tariffId: number };

/** POST /packages/:id/upgrade: a dynamic or premium package to the offered larger tariff. */
export const upgradePackage = ({ tariffId, ...change }: UpgradeInput) =>
  call(packageChangesEndpoints.upgradePackage, {
    ...packageChange(change),
    body: { tariff_id: tariffId },
  });

export const useUpgradePackage = () => usePackageMutation(upgradePackage);
