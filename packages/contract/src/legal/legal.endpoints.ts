import { defineEndpoint } from '../http/endpoint.ts';
import { legalResponseSchema } from './legal.schemas.ts';

export const legalEndpoints = {
  /** Public: the registration form links to the terms before there is a session. */
  getLegal: defineEndpoint('GET /legal', {
    summary: 'The legal documents in the request language, operator contacts filled in',
    response: legalResponseSchema,
  }),
} as const;
