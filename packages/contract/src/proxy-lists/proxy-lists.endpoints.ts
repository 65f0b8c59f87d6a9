import { defineEndpoint } from '../http/endpoint.ts';
import { listResponseSchema } from '../common/responses.ts';
import { pagedResponseSchema } from '../tables/tables.schemas.ts';
import {
  citiesQuerySchema,
  createProxyListResponseSchema,
  createProxyListSchema,
  exportProxyListParamsSchema,
  exportProxyListsQuerySchema,
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
 * (spec sections 2, 3, 7; decision 116), and the list exports. Every package-scoped call answers 404 for another
 * user's package.
 */
export const proxyListsEndpoints = {
  listProxyLists: defineEndpoint('GET /packages/:id/proxy-lists', {
    access: 'api-key',
    summary: "A dynamic package's proxy lists: paged, sorted, searched by name",
    params: packageParamsSchema,
    query: proxyListsQuerySchema,
    response: pagedResponseSchema(proxyListRowSchema),
  }),
  createProxyList: defineEndpoint('POST /packages/:id/proxy-lists', {
    access: 'api-key',
    summary: 'Create a proxy list (auth 1 lists get a block of gateway ports)',
    params: packageParamsSchema,
    body: createProxyListSchema,
    response: createProxyListResponseSchema,
  }),
  renameProxyList: defineEndpoint('PATCH /packages/:id/proxy-lists/:listId', {
    access: 'api-key',
    summary: 'Rename a proxy list',
    params: proxyListParamsSchema,
    body: renameProxyListSchema,
    response: successResponseSchema,
  }),
  deleteProxyList: defineEndpoint('DELETE /packages/:id/proxy-lists/:listId', {
    access: 'api-key',
    summary: 'Delete a proxy list (the gateway closes its ports and sessions)',
    params: proxyListParamsSchema,
    response: successResponseSchema,
  }),
  getProxyListContents: defineEndpoint('GET /proxy-list/:packageKey/:id/:name', {
    access: 'api-key',
    summary: "A list's lines as printed (package key, list id and its current name)",
    params: proxyListByKeyParamsSchema,
    response: proxyListContentsSchema,
  }),
  listLocationCountries: defineEndpoint('GET /proxy-lists/locations/countries', {
    access: 'api-key',
    summary: 'Presets and countries the active exits serve (names in en and ru)',
    response: locationCountriesResponseSchema,
  }),
  listLocationRegions: defineEndpoint('GET /proxy-lists/locations/regions', {
    access: 'api-key',
    summary: 'Regions of one country the active exits serve',
    query: regionsQuerySchema,
    response: locationOptionsResponseSchema,
  }),
  listLocationCities: defineEndpoint('GET /proxy-lists/locations/cities', {
    access: 'api-key',
    summary: 'Cities of one country (and region) the active exits serve',
    query: citiesQuerySchema,
    response: locationOptionsResponseSchema,
  }),
  listLocationIsps: defineEndpoint('GET /proxy-lists/locations/isps', {
    access: 'api-key',
    summary: 'ISPs of one country (region, city) the active exits serve',
    query: ispsQuerySchema,
    response: locationOptionsResponseSchema,
  }),
  listPremiumLocations: defineEndpoint('GET /premium/locations', {
    access: 'api-key',
    summary: "The generator's countries and cities (what active exits serve)",
    response: listResponseSchema(premiumLocationSchema),
  }),
  generateProxies: defineEndpoint('POST /packages/:id/proxy-generator', {
    access: 'api-key',
    summary: 'Generate rotating or sticky proxy lines for a package',
    params: packageParamsSchema,
    body: generatorSchema,
    response: generatorResponseSchema,
  }),
  exportProxyList: defineEndpoint('GET /export/proxy-list/:fileType/:packageKey/:id/:name', {
    access: 'api-key',
    summary: "One list's lines as a txt, csv or pdf file named after the list",
    params: exportProxyListParamsSchema,
    response: { kind: 'file' },
  }),
  exportProxyLists: defineEndpoint('GET /export/proxy-lists', {
    access: 'api-key',
    summary: 'Several lists in one file report.{format} (lists[i][id|name|package_key])',
    query: exportProxyListsQuerySchema,
    response: { kind: 'file' },
  }),
} as const;
