import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import { exportFormatSchema } from '../exports/export.constants.ts';
import {
  apiToolsSchema,
  ispListTypeField,
  packageKeyField,
  packageStatisticsSchema,
  packageUuidField,
  statisticsPeriodField,
  usageRangeQuerySchema,
  usageSeriesSchema,
} from './statistics.schemas.ts';

const packageIdField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const statisticsResponse = z.object({ data: packageStatisticsSchema });

/**
 * Package statistics (both statistics pages), the statistics report, the ISP IP-list export and
 * the API tools page. Owner-scoped: another user's package, uuid or key answers 404, as does a
 * malformed path parameter (decision 121).
 */
export const statisticsEndpoints = {
  // Literal definitions (not a helper): the web build keeps only literal method and path.
  getStatisticsByUuid: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/statistics/:uuid/:period',
    summary: "A package's usage chart of one period and the totals of every period, by its uuid",
    request: { params: z.object({ uuid: packageUuidField, period: statisticsPeriodField }) },
    response: statisticsResponse,
  }),
  getStatisticsByKey: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/orders/statistics/:packageKey/:period',
    summary: 'The same statistics, by package key',
    request: { params: z.object({ packageKey: packageKeyField, period: statisticsPeriodField }) },
    response: statisticsResponse,
  }),
  getUsage: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/statistics/usage/:uuid',
    summary: "A package's usage per hour or day (UTC) over a range, zero-filled",
    request: { params: z.object({ uuid: packageUuidField }), query: usageRangeQuerySchema },
    response: z.object({ data: usageSeriesSchema }),
  }),
  downloadReport: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/export/statistics/:packageKey/:period/:format',
    summary:
      "The statistics report of one period as a file (statistics-{period}.{format}): the period's " +
      'buckets with bytes up, down and in all, and the total',
    request: {
      params: z.object({
        packageKey: packageKeyField,
        period: statisticsPeriodField,
        format: exportFormatSchema,
      }),
    },
    response: { kind: 'file' },
  }),
  exportIspList: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/export/proxy-list/isp/:format/:type/:id',
    summary:
      'The IP list of an ISP package as a file (isp-list.{format}); type login: ip:port:login:' +
      'password, type ip: ip:port',
    request: {
      params: z.object({ format: exportFormatSchema, type: ispListTypeField, id: packageIdField }),
    },
    response: { kind: 'file' },
  }),
  getApiTools: defineEndpoint({
    access: 'api-key',
    method: 'GET',
    path: '/api-tools/:packageKey',
    summary: "The API tools page: a package's host, ports, credentials and proxy URLs",
    request: { params: z.object({ packageKey: packageKeyField }) },
    response: z.object({ data: apiToolsSchema }),
  }),
} as const;
