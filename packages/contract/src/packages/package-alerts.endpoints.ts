import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import { packageIdParam } from './packages.schemas.ts';
import { packageAlertsResponseSchema, packageAlertsSchema } from './package-alerts.schemas.ts';

const packageParams = z.object({ id: packageIdParam });

/**
 * Usage alerts of a package of any family (decision 184). Another user's, a deleted, an unknown
 * or a malformed id answers 404.
 */
export const packageAlertsEndpoints = {
  getPackageAlerts: defineEndpoint('GET /packages/:id/alerts', {
    summary: "The package's usage alerts: traffic percentages used and days before the expiry",
    params: packageParams,
    response: packageAlertsResponseSchema,
  }),
  setPackageAlerts: defineEndpoint('PUT /packages/:id/alerts', {
    summary: 'Replace the usage alerts (at most 5 of each; traffic only with a traffic limit)',
    params: packageParams,
    body: packageAlertsSchema,
    response: packageAlertsResponseSchema,
  }),
} as const;
