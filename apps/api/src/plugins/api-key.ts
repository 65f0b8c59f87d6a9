import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  API_KEY_HEADER,
  appEndpoints,
  publicApiEndpoints,
  type NamedEndpoint,
} from '@proxy/contract';
import { AppError } from '../lib/app-error.ts';
import { findUserByApiKey } from '../modules/users/users.repository.ts';
import { hitRateLimit } from './rate-limit-store.ts';

/** `METHOD /api/path` of a route (a HEAD request is its GET route's). */
export const routeKey = (method: string, url: string) =>
  `${method === 'HEAD' ? 'GET' : method} ${url}`;

/** `METHOD /api/path` of every route the contract opens to API keys (`access: 'api-key'`). */
export const PUBLIC_ROUTES: ReadonlyMap<string, NamedEndpoint> = new Map(
  publicApiEndpoints().map((named) => [
    routeKey(named.endpoint.method, `/api${named.endpoint.path}`),
    named,
  ]),
);

/** The public document describes the keyed routes: a client sending its key everywhere may read it. */
const DOCUMENT_ROUTE = routeKey(
  appEndpoints.openApiDocument.method,
  `/api${appEndpoints.openApiDocument.path}`,
);

/** Printable ASCII, bounded: anything else cannot be a key (nothing is looked up for it). */
const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

/** Routes under /api (not the SPA's files, not an unknown path, which stays a 404). */
const isApiRoute = (request: FastifyRequest) =>
  request.routeOptions.url?.startsWith('/api/') === true;

/**
 * The public reseller API (docs/decisions/144). A request carrying `X-Api-Key`:
 * - on a route the contract does not mark `access: 'api-key'` (password, API key, sessions,
 *   notifications, finance...) is refused with 403 API_KEY_NOT_ALLOWED, whatever else it carries;
 * - on a public route is authenticated by the key (one indexed lookup of its digest; 401 for an
 *   unknown key), counted against the user's limit (RATE_LIMIT_API_KEY_MAX per
 *   RATE_LIMIT_WINDOW_MS, in the shared PostgreSQL store, so every instance counts together;
 *   429 with Retry-After beyond it), and then runs as the user's session: the route's own
 *   guards (verified e-mail, restricted user, ownership of ids) apply unchanged.
 * The key wins over a bearer token sent with it. Requests without the header are untouched, and
 * so is GET /api/openapi.json (the description of these routes, public either way).
 */
export const apiKeyPlugin = fp(
  (app, _options, done) => {
    app.addHook('onRequest', async (request, reply) => {
      const apiKey = request.headers[API_KEY_HEADER.toLowerCase()];
      if (apiKey === undefined || !isApiRoute(request)) return;
      const route = routeKey(request.method, request.routeOptions.url ?? '');
      if (route === DOCUMENT_ROUTE) return;
      if (!PUBLIC_ROUTES.has(route)) throw new AppError('API_KEY_NOT_ALLOWED');
      if (typeof apiKey !== 'string' || !KEY_FORMAT.test(apiKey))
        throw new AppError('UNAUTHENTICATED');
      const user = await findUserByApiKey(app.db, apiKey);
      if (!user) throw new AppError('UNAUTHENTICATED');
      // Counted per user, not per key: a regenerated key does not start a fresh allowance.
      const hit = await hitRateLimit(app.db, `api-key:${user.id}`, app.config.RATE_LIMIT_WINDOW_MS);
      if (hit.count > app.config.RATE_LIMIT_API_KEY_MAX) {
        const seconds = Math.max(1, Math.ceil(hit.resetInMs / 1000));
        void reply.header('retry-after', seconds);
        throw new AppError('RATE_LIMITED', { params: { seconds } });
      }
      request.session = { user, via: 'api-key' };
    });
    done();
  },
  { name: 'api-key', dependencies: ['database', 'auth'] },
);
