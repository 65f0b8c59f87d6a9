import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import { pagedResponseSchema } from '../tables/tables.schemas.ts';
import {
  citiesQuerySchema,
  createProxyListResponseSchema,
  createProxyListSchema,
  generatorResponseSchema,
  generatorSchema,
  ispsQuerySchema,
  locationCountriesResponseSchema,
  locationOptionsResponseSchema,
  packageParamsSchema,
  premiumLocationSchema,
  proxyListByKeyParamsSchema,
  proxyListContentsSchema,
  proxyListParamsSchema,
  proxyListRowSchema,
  proxyListsQuerySchema,
  regionsQuerySchema,
  renameProxyListSchema,
  successResponseSchema,
} from './proxy-lists.schemas.ts';

/**
 * Proxy lists of dynamic packages, their location options, the generator
 * (spec sections 2, 3, 7; decision 116). Every package-scoped call answers 404 for another
 * user's package.
 */
export const proxyListsEndpoints = {
  listProxyLists: defineEndpoint({
    method: 'GET',
    path: '/packages/:id/proxy-lists',
    summary: "A dynamic package's proxy lists: paged, sorted, searched by name",
    request: { params: packageParamsSchema, query: proxyListsQuerySchema },
    response: pagedResponseSchema(proxyListRowSchema),
  }),
  createProxyList: defineEndpoint({
    method: 'POST',
    path: '/packages/:id/proxy-lists',
    summary: 'Create a proxy list (auth 1 lists get a block of gateway ports)',
    request: { params: packageParamsSchema, body: createProxyListSchema },
    response: createProxyListResponseSchema,
  }),
  renameProxyList: defineEndpoint({
    method: 'PATCH',
    path: '/packages/:id/proxy-lists/:listId',
    summary: 'Rename a proxy list',
    request: { params: proxyListParamsSchema, body: renameProxyListSchema },
    response: successResponseSchema,
  }),
  deleteProxyList: defineEndpoint({
    method: 'DELETE',
    path: '/packages/:id/proxy-lists/:listId',
    summary: 'Delete a proxy list (the gateway closes its ports and sessions)',
    request: { params: proxyListParamsSchema },
    response: successResponseSchema,
  }),
  getProxyListContents: defineEndpoint({
    method: 'GET',
    path: '/proxy-list/:packageKey/:id/:name',
    summary: "A list's lines as printed (package key, list id and its current name)",
    request: { params: proxyListByKeyParamsSchema },
    response: proxyListContentsSchema,
  }),
  listLocationCountries: defineEndpoint({
    method: 'GET',
    path: '/proxy-lists/locations/countries',
    summary: 'Presets and countries the active exits serve (names in en and ru)',
    request: {},
    response: locationCountriesResponseSchema,
  }),
  listLocationRegions: defineEndpoint({
    method: 'GET',
    path: '/proxy-lists/locations/regions',
    summary: 'Regions of one country the active exits serve',
    request: { query: regionsQuerySchema },
    response: locationOptionsResponseSchema,
  }),
  listLocationCities: defineEndpoint({
    method: 'GET',
    path: '/proxy-lists/locations/cities',
    summary: 'Cities of one country (and region) the active exits serve',
    request: { query: citiesQuerySchema },
    response: locationOptionsResponseSchema,
  }),
  listLocationIsps: defineEndpoint({
    method: 'GET',
    path: '/proxy-lists/locations/isps',
    summary: 'ISPs of one country (region, city) the active exits serve',
    request: { query: ispsQuerySchema },
    response: locationOptionsResponseSchema,
  }),
  listPremiumLocations: defineEndpoint({
    method: 'GET',
    path: '/premium/locations',
    summary: "The generator's countries and cities (what active exits serve)",
    request: {},
    response: z.object({ data: z.array(premiumLocationSchema) }),
  }),
  generateProxies: defineEndpoint({
    method: 'POST',
    path: '/packages/:id/proxy-generator',
    summary: 'Generate rotating or sticky proxy lines for a package',
    request: { params: packageParamsSchema, body: generatorSchema },
    response: generatorResponseSchema,
  }),
} as const;
