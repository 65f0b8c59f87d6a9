import { defineEndpoint } from '../http/endpoint.ts';
import { dataResponseSchema } from '../common/responses.ts';
import { usageRangeQuerySchema, usageSeriesSchema } from '../statistics/statistics.schemas.ts';
import {
  createSubUserSchema,
  subUserParamsSchema,
  subUserResponseSchema,
  subUsersParamsSchema,
  subUsersResponseSchema,
  updateSubUserSchema,
} from './sub-users.schemas.ts';

/**
 * Sub-users of dynamic and premium packages (decision 187), in the cabinet and the reseller API.
 * Another user's, a deleted, an unknown or a malformed package or sub-user id answers 404; a
 * package of another family answers 422 (`not_traffic_package`).
 */
export const subUsersEndpoints = {
  listSubUsers: defineEndpoint('GET /packages/:id/sub-users', {
    access: 'api-key',
    summary: "A traffic package's sub-users with their credentials, limits and usage",
    params: subUsersParamsSchema,
    response: subUsersResponseSchema,
  }),
  createSubUser: defineEndpoint('POST /packages/:id/sub-users', {
    access: 'api-key',
    summary: 'Create a sub-user: its own login and password, an optional limit and expiry',
    params: subUsersParamsSchema,
    body: createSubUserSchema,
    response: subUserResponseSchema,
  }),
  updateSubUser: defineEndpoint('PATCH /packages/:id/sub-users/:subUserId', {
    access: 'api-key',
    summary:
      'Rename, change the limit or expiry, switch on or off, or give a new password (a ' +
      'switched-off sub-user is cut at once)',
    params: subUserParamsSchema,
    body: updateSubUserSchema,
    response: subUserResponseSchema,
  }),
  deleteSubUser: defineEndpoint('DELETE /packages/:id/sub-users/:subUserId', {
    access: 'api-key',
    summary: 'Delete a sub-user (cut at once; its usage stays in the statistics)',
    params: subUserParamsSchema,
    response: { kind: 'no-content' },
  }),
  getSubUserUsage: defineEndpoint('GET /packages/:id/sub-users/:subUserId/usage', {
    access: 'api-key',
    summary: "A sub-user's usage per hour or day (UTC) over a range, zero-filled",
    params: subUserParamsSchema,
    query: usageRangeQuerySchema,
    response: dataResponseSchema(usageSeriesSchema),
  }),
} as const;
