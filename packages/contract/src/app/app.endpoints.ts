import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import { appConfigSchema } from './app.schemas.ts';

export const appEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness with a database ping (503 when the database does not answer)',
    request: {},
    response: z.object({ status: z.literal('ok') }),
  }),
  /** The run-time configuration the SPA needs (support link, analytics, live chat). */
  config: defineEndpoint({
    method: 'GET',
    path: '/app/config',
    summary: 'Support messenger link and the analytics and live-chat services configured',
    request: {},
    response: appConfigSchema,
  }),
  /**
   * Content-Security-Policy violation reports (report-uri): any browser may post one, as
   * application/csp-report or application/reports+json; the API checks the body itself and
   * answers 400 to anything that is not a report, 204 otherwise.
   */
  cspReport: defineEndpoint({
    method: 'POST',
    path: '/csp-report',
    summary: 'A browser reports a Content-Security-Policy violation',
    request: {},
    response: { kind: 'no-content' },
  }),
} as const;
