import { packageLifecycleEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { idempotencyHeader, usePackageMutation } from './package-mutation';

export type RenewUnlimInput = { id: number; promo: string | null; attemptKey: string };

/** POST /unlim/:packageID/renew {promoName}: an unlimited package for another period. */
export const renewUnlim = ({ id, promo, attemptKey }: RenewUnlimInput) =>
  call(packageLifecycleEndpoints.renewUnlim, {
    params: { packageID: id },
    body: { promoName: promo },
    headers: idempotencyHeader(attemptKey),
  });

export const useRenewUnlim = () => usePackageMutation(renewUnlim);
