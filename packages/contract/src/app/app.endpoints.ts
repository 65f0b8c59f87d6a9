import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import { appConfigSchema } from './app.schemas.ts';

/**
 * The OpenAPI 3.1 document (docs/decisions/145): checked only at its top (the API generates the
 * rest from these definitions); operations and schemas pass through as they are.
 */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().startsWith('3.1'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({}).optional(),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

export const appEndpoints = {
  health: defineEndpoint('GET /health', {
    summary: 'Liveness with a database ping (503 when the database does not answer)',
    response: z.object({ status: z.literal('ok') }),
  }),
  /**
   * The address a request came from, as an origin sees it (the shape of ipify's
   * `?format=json`): fetched through a proxy, it shows the exit. The embedded demo's API tools
   * examples and start banner use it, its exits reaching this machine only (decision 154).
   */
  ip: defineEndpoint('GET /ip', {
    summary: 'The address this request came from (through a proxy: the exit the origin sees)',
    response: z.object({ ip: z.string() }),
  }),
  /** The run-time configuration the SPA needs (support link, analytics, live chat). */
  config: defineEndpoint('GET /app/config', {
    summary: 'Support messenger link and the analytics and live-chat services configured',
    response: appConfigSchema,
  }),
  /**
   * Content-Security-Policy violation reports (report-uri): any browser may post one, as
   * application/csp-report or application/reports+json; the API checks the body itself and
   * answers 400 to anything that is not a report, 204 otherwise.
   */
  cspReport: defineEndpoint('POST /csp-report', {
    summary: 'A browser reports a Content-Security-Policy violation',
    response: { kind: 'no-content' },
  }),
  openApiDocument: defineEndpoint('GET /openapi.json', {
    summary:
      'The OpenAPI 3.1 document of the public API (the routes an X-Api-Key may call), in the ' +
      'request language',
    response: openApiDocumentSchema,
  }),
} as const;
