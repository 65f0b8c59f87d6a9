import { packageChangesEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { idempotencyHeader, usePackageMutation } from './package-mutation';

export type UpgradeInput = { id: number; tariffId: number; attemptKey: string };

/** POST /packages/:id/upgrade: a dynamic or premium package to the offered larger tariff. */
export const upgradePackage = ({ id, tariffId, attemptKey }: UpgradeInput) =>
  call(packageChangesEndpoints.upgradePackage, {
    params: { id },
    body: { tariff_id: tariffId },
    headers: idempotencyHeader(attemptKey),
  });

export const useUpgradePackage = () => usePackageMutation(upgradePackage);
