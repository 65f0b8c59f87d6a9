import { defineEndpoint } from '../http/endpoint.ts';
import { dataResponseSchema } from '../common/responses.ts';
import { overviewSchema } from './overview.schemas.ts';

/** The cabinet's home page (decision 185), owner-scoped. */
export const overviewEndpoints = {
  getOverview: defineEndpoint('GET /overview', {
    summary: 'Balance, running packages, expiring ones, last 30 days and the next action',
    response: dataResponseSchema(overviewSchema),
  }),
} as const;
