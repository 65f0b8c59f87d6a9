import { z } from 'zod';
import { packageIdParam } from './packages.schemas.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { idempotencyHeaders } from '../catalogue/catalogue.endpoints.ts';
import {
  autoUpdateResponseSchema,
  autoUpdateSchema,
  packageExtendResponseSchema,
  packageExtendSchema,
  unlimRenewSchema,
} from './package-lifecycle.schemas.ts';

/**
 * Extend / renew and auto-renew (decision 108). Every action answers 404 for another user's
 * package, an unknown id or a package of another family than the path serves.
 */
export const packageLifecycleEndpoints = {
  extendPackage: defineEndpoint('POST /packages/:id/extend', {
    summary:
      'Extend a dynamic, premium or ISP package from the balance (refused while auto-renew is on)',
    params: z.object({ id: packageIdParam }),
    body: packageExtendSchema,
    headers: idempotencyHeaders,
    response: packageExtendResponseSchema,
  }),
  setPackageAutoUpdate: defineEndpoint('POST /packages/:id/auto-update', {
    summary: 'Switch auto-renew of a dynamic, premium or ISP package on or off',
    params: z.object({ id: packageIdParam }),
    body: autoUpdateSchema,
    response: autoUpdateResponseSchema,
  }),
  renewUnlim: defineEndpoint('POST /unlim/:packageID/renew', {
    summary:
      'Renew an unlimited package from the balance, with an optional promo (refused while auto-renew is on)',
    params: z.object({ packageID: packageIdParam }),
    body: unlimRenewSchema,
    headers: idempotencyHeaders,
    response: packageExtendResponseSchema,
  }),
  setUnlimAutoUpdate: defineEndpoint('POST /unlim/:packageID/auto-update', {
    summary: 'Switch auto-renew of an unlimited package on or off (not for 1-day tariffs)',
    params: z.object({ packageID: packageIdParam }),
    body: autoUpdateSchema,
    response: autoUpdateResponseSchema,
  }),
} as const;
