import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import { dataResponseSchema } from '../common/responses.ts';
import {
  dynamicPackageSchema,
  ispPackageSchema,
  packageDetailSchema,
  packagesPageSchema,
  packagesQuerySchema,
  premiumPackageSchema,
  unlimPackageSchema,
  unlimUsageSchema,
  packageIdParam,
} from './packages.schemas.ts';

/** A package id in a path; a malformed one answers 404 like an unknown one (error handler). */
const packageParams = z.object({ id: packageIdParam });

/**
 * The read side of the owner's packages: the table and one detail per family (decision 104).
 * Every detail is scoped to its owner: another user's, an unknown, a malformed id or a package
 * of another family answers 404.
 */
export const packagesEndpoints = {
  listPackages: defineEndpoint('GET /packages', {
    access: 'api-key',
    summary: "The owner's packages, paged and sorted (filters[type], filters[status])",
    query: packagesQuerySchema,
    response: packagesPageSchema,
  }),
  getPackage: defineEndpoint('GET /packages/:id', {
    access: 'api-key',
    summary: 'One package of the owner, any family, with where to connect',
    params: packageParams,
    response: dataResponseSchema(packageDetailSchema),
  }),
  getDynamicPackage: defineEndpoint('GET /packages/dynamic/:id', {
    access: 'api-key',
    summary: 'The dynamic panel: package, traffic in bytes, proxy formats, upgrade offer',
    params: packageParams,
    response: dataResponseSchema(dynamicPackageSchema),
  }),
  getPremiumPackage: defineEndpoint('GET /packages/vip/:id', {
    access: 'api-key',
    summary: 'The premium residential (generator) panel of a vip package',
    params: packageParams,
    response: dataResponseSchema(premiumPackageSchema),
  }),
  getIspPackage: defineEndpoint('GET /packages/isp/:id', {
    access: 'api-key',
    summary: 'The ISP panel: addresses, period, country, authentication, swap state',
    params: packageParams,
    response: dataResponseSchema(ispPackageSchema),
  }),
  getUnlimPackage: defineEndpoint('GET /unlim/packages/:id', {
    access: 'api-key',
    summary: "The unlimited residential panel (the spec's {unlim} prefix is /unlim)",
    params: packageParams,
    response: dataResponseSchema(unlimPackageSchema),
  }),
  getUnlimUsage: defineEndpoint('GET /unlim/:id/usage', {
    access: 'api-key',
    summary: 'Live metrics of an unlimited package (404 for a foreign, unknown or other package)',
    params: packageParams,
    response: dataResponseSchema(unlimUsageSchema),
  }),
} as const;
