import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
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
  listPackages: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/packages',
    summary: "The owner's packages, paged and sorted (filters[type], filters[status])",
    request: { query: packagesQuerySchema },
    response: packagesPageSchema,
  }),
  getPackage: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/packages/:id',
    summary: 'One package of the owner, any family, with where to connect',
    request: { params: packageParams },
    response: z.object({ data: packageDetailSchema }),
  }),
  getDynamicPackage: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/packages/dynamic/:id',
    summary: 'The dynamic panel: package, traffic in bytes, proxy formats, upgrade offer',
    request: { params: packageParams },
    response: z.object({ data: dynamicPackageSchema }),
  }),
  getPremiumPackage: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/packages/vip/:id',
    summary: 'The premium residential (generator) panel of a vip package',
    request: { params: packageParams },
    response: z.object({ data: premiumPackageSchema }),
  }),
  getIspPackage: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/packages/isp/:id',
    summary: 'The ISP panel: addresses, period, country, authentication, swap state',
    request: { params: packageParams },
    response: z.object({ data: ispPackageSchema }),
  }),
  getUnlimPackage: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/unlim/packages/:id',
    summary: "The unlimited residential panel (the spec's {unlim} prefix is /unlim)",
    request: { params: packageParams },
    response: z.object({ data: unlimPackageSchema }),
  }),
  getUnlimUsage: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/unlim/:id/usage',
    summary: 'Live metrics of an unlimited package (404 for a foreign, unknown or other package)',
    request: { params: packageParams },
    response: z.object({ data: unlimUsageSchema }),
  }),
} as const;
