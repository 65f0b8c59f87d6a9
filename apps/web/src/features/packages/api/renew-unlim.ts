import { packageLifecycleEndpoints } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { unlimChange, usePackageMutation, type PaidChange } from './package-mutation';

export type RenewUnlimInput = PaidChange & { promo: string | null };

/** POST /unlim/:packageID/renew {promoName}: an unlimited package for another period. */
export const renewUnlim = ({ promo, ...change }: RenewUnlimInput) =>
  call(packageLifecycleEndpoints.renewUnlim, {
    ...unlimChange(change),
    body: { promoName: promo },
  });

export const useRenewUnlim = () => usePackageMutation(renewUnlim);
