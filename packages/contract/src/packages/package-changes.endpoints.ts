import { z } from 'zod';
import { packageIdParam } from './packages.schemas.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { listResponseSchema } from '../common/responses.ts';
import { textField } from '../common/validation.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../catalogue/buy.constants.ts';
import {
  deletePackageSchema,
  ispSwapResponseSchema,
  packageChangeResponseSchema,
  paidChangeResponseSchema,
  unlimUpgradeOptionSchema,
  upgradePackageSchema,
} from './package-changes.schemas.ts';

const byId = z.object({ id: packageIdParam });
/** The spec's unlimited calls name the parameter packageID ({unlim}/{packageID}/upgrade). */
const byPackageId = z.object({ packageID: packageIdParam });
/** A money-moving change may carry an Idempotency-Key: a retry answers the first response. */
const paidHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: textField().optional() });

/**
 * Changes of one package of the signed-in user. Every one answers 404 for another
 * user's, an unknown or a malformed id; money moves only through the ledger, in the same
 * transaction as the change. Paths the spec does not show: docs/decisions/112.
 */
export const packageChangesEndpoints = {
  deletePackage: defineEndpoint('DELETE /packages/:id', {
    summary:
      'Delete a package, confirmed by the account e-mail (422 email_match otherwise); ISP ' +
      'addresses go back to the pool and the gateway closes its connections. An active ' +
      'unlimited package cannot be deleted (409)',
    params: byId,
    body: deletePackageSchema,
    response: packageChangeResponseSchema,
  }),
  swapIsp: defineEndpoint('POST /packages/:id/swap', {
    summary:
      'Swap the addresses of an active ISP package for new ones of the same country, once per ' +
      'package (409 when already swapped, 409 out of stock)',
    params: byId,
    response: ispSwapResponseSchema,
  }),
  restorePackage: defineEndpoint('POST /packages/:id/restore', {
    summary:
      'Restore an inactive package inside its grace window for the 30-day price: a new period ' +
      'from now. success false (200) with a message when it can no longer be restored',
    params: byId,
    headers: paidHeaders,
    response: paidChangeResponseSchema,
  }),
  upgradePackage: defineEndpoint('POST /packages/:id/upgrade', {
    summary:
      'Upgrade an active dynamic or premium package to a larger tariff of its family at the ' +
      'discounted price (the package_upgrade offer)',
    params: byId,
    body: upgradePackageSchema,
    headers: paidHeaders,
    response: paidChangeResponseSchema,
  }),
  unlimUpgradeOptions: defineEndpoint('GET /unlim/:packageID/upgrade', {
    summary:
      'Faster tariffs an active unlimited package can move to, priced for its remaining days',
    params: byPackageId,
    response: listResponseSchema(unlimUpgradeOptionSchema),
  }),
  upgradeUnlim: defineEndpoint('POST /unlim/:packageID/upgrade', {
    summary:
      'Raise the speed of an active unlimited package, paying the difference for its remaining days',
    params: byPackageId,
    body: upgradePackageSchema,
    headers: paidHeaders,
    response: paidChangeResponseSchema,
  }),
  deleteUnlim: defineEndpoint('DELETE /unlim/packages/:packageID', {
    summary:
      'Delete an unlimited package that is not active, confirmed by the account e-mail ' +
      '(404 for another family)',
    params: byPackageId,
    body: deletePackageSchema,
    response: packageChangeResponseSchema,
  }),
} as const;
