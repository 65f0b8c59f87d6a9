import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import { dataResponseSchema } from '../common/responses.ts';
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

const statisticsResponse = dataResponseSchema(packageStatisticsSchema);

/**
 * Package statistics (both statistics pages), the statistics report, the ISP IP-list export and
 * the API tools page. Owner-scoped: another user's package, uuid or key answers 404, as does a
 * malformed path parameter (decision 121).
 */
export const statisticsEndpoints = {
  getStatisticsByUuid: defineEndpoint('GET /statistics/:uuid/:period', {
    access: 'api-key',
    summary: "A package's usage chart of one period and the totals of every period, by its uuid",
    params: z.object({ uuid: packageUuidField, period: statisticsPeriodField }),
    response: statisticsResponse,
  }),
  getStatisticsByKey: defineEndpoint('GET /orders/statistics/:packageKey/:period', {
    access: 'api-key',
    summary: 'The same statistics, by package key',
    params: z.object({ packageKey: packageKeyField, period: statisticsPeriodField }),
    response: statisticsResponse,
  }),
  getUsage: defineEndpoint('GET /statistics/usage/:uuid', {
    access: 'api-key',
    summary: "A package's usage per hour or day (UTC) over a range, zero-filled",
    params: z.object({ uuid: packageUuidField }),
    query: usageRangeQuerySchema,
    response: dataResponseSchema(usageSeriesSchema),
  }),
  downloadReport: defineEndpoint('GET /export/statistics/:packageKey/:period/:format', {
    access: 'api-key',
    summary:
      "The statistics report of one period as a file (statistics-{period}.{format}): the period's " +
      'buckets with bytes up, down and in all, and the total',
    params: z.object({
      packageKey: packageKeyField,
      period: statisticsPeriodField,
      format: exportFormatSchema,
    }),
    response: { kind: 'file' },
  }),
  exportIspList: defineEndpoint('GET /export/proxy-list/isp/:format/:type/:id', {
    access: 'api-key',
    summary:
      'The IP list of an ISP package as a file (isp-list.{format}); type login: ip:port:login:' +
      'password, type ip: ip:port',
    params: z.object({ format: exportFormatSchema, type: ispListTypeField, id: packageIdField }),
    response: { kind: 'file' },
  }),
  getApiTools: defineEndpoint('GET /api-tools/:packageKey', {
    access: 'api-key',
    summary: "The API tools page: a package's host, ports, credentials and proxy URLs",
    params: z.object({ packageKey: packageKeyField }),
    response: dataResponseSchema(apiToolsSchema),
  }),
} as const;
