import type { z } from 'zod';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The parts of a request an endpoint declares; each one a zod schema (all optional). */
export type EndpointRequest = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Documented only: the API reads headers itself (a schema here would replace request.headers). */
  headers?: z.ZodType;
};

/**
 * Answers that are not a JSON body: an HTML page, a redirect (its target in Location), a 204,
 * a webhook acknowledgement computed from a raw, signed body, or a file download (an attachment
 * in one of the export formats, see exports/export.constants.ts). They are listed so that every
 * route has a definition (the route-table test) and the OpenAPI document can describe them.
 */
export type NonJsonResponse =
  | { kind: 'html' }
  | { kind: 'redirect'; status: 302 | 303 }
  | { kind: 'no-content' }
  | { kind: 'file' };

/**
 * One HTTP endpoint, defined once for both sides: the API registers its route from it
 * (request validated, response serialised through `response`), the web client fetches and
 * parses with it. `path` is relative to /api, with Fastify-style `:name` parameters.
 */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  summary: string;
  request: EndpointRequest;
  response: z.ZodType | NonJsonResponse;
  /** The body is read as raw bytes (signed webhooks): no JSON parsing, no body schema. */
  rawBody?: boolean;
  /**
   * `api-key`: part of the public reseller API (docs/decisions/144). Besides the cabinet's
   * bearer session, the route accepts the user's key in `X-Api-Key` and is described in the
   * OpenAPI document (GET /api/openapi.json). Every other route refuses a key with 403.
   */
  access?: EndpointAccess;
};

export const ENDPOINT_ACCESS = ['api-key'] as const;
export type EndpointAccess = (typeof ENDPOINT_ACCESS)[number];

/** The header that carries a user's API key to the public routes. */
export const API_KEY_HEADER = 'X-Api-Key';
/** The name of the OpenAPI security scheme of that header. */
export const API_KEY_SECURITY_SCHEME = 'apiKey';

/** Whether an endpoint belongs to the public reseller API (see `Endpoint.access`). */
export const isPublicApiEndpoint = (endpoint: Pick<Endpoint, 'access'>): boolean =>
  endpoint.access === 'api-key';

/** An endpoint's method and path in one literal, as the spec and the docs write them. */
export type Route = `${HttpMethod} /${string}`;

const ROUTE = new RegExp(`^(${HTTP_METHODS.join('|')}) (/\\S*)$`);

/** `'GET /packages/:id'` -> `{ method: 'GET', path: '/packages/:id' }`; null for anything else. */
export const parseRoute = (route: string): { method: HttpMethod; path: string } | null => {
  const [, method, path] = ROUTE.exec(route) ?? [];
  return method && path ? { method: method as HttpMethod, path } : null;
};

const REQUEST_PARTS = ['params', 'query', 'body', 'headers'] as const;
type RequestPart = (typeof REQUEST_PARTS)[number];
const isRequestPart = (key: string): key is RequestPart =>
  (REQUEST_PARTS as readonly string[]).includes(key);

/** What a definition says besides its route: the request parts sit next to the response. */
export type EndpointOptions = EndpointRequest & Omit<Endpoint, 'method' | 'path' | 'request'>;

/** The endpoint `defineEndpoint(route, options)` returns, with the literal types of both. */
export type DefinedEndpoint<
  R extends Route,
  O extends EndpointOptions,
> = R extends `${infer M extends HttpMethod} ${infer P}`
  ? { method: M; path: P; request: Pick<O, Extract<keyof O, RequestPart>> } & Omit<O, RequestPart>
  : never;

/** A misspelt option (`sumary`) is a type error rather than a silently missing part. */
type OnlyKnownOptions<O> = { [K in Exclude<keyof O, keyof EndpointOptions>]: never };

/**
 * One endpoint, compactly: `defineEndpoint('GET /packages/:id', { summary, params, response })`.
 * The route literal and the options object are all the web build reads
 * (apps/web/build/strip-endpoint-schemas.ts rewrites each call into `{ method, path }`, plus
 * `rawBody`), so both are written out literally at every call.
 */
export const defineEndpoint = <const R extends Route, const O extends EndpointOptions>(
  route: R,
  options: O & OnlyKnownOptions<O>,
): DefinedEndpoint<R, O> => {
  const parsed = parseRoute(route);
  if (!parsed) throw new Error(`not a route: ${route}`);
  const request: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options))
    if (isRequestPart(key)) request[key] = value;
    else rest[key] = value;
  return { ...parsed, ...rest, request } as DefinedEndpoint<R, O>;
};

export const isJsonResponse = (response: Endpoint['response']): response is z.ZodType =>
  '_zod' in response;

/** What the API sends back for an endpoint with a JSON response (after serialisation). */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : never;

type Part<E extends Endpoint, K extends keyof EndpointRequest> = E['request'][K] extends z.ZodType
  ? z.input<E['request'][K]>
  : never;
/** The body a client sends (the schema's input: before defaults and coercion). */
export type BodyOf<E extends Endpoint> = Part<E, 'body'>;
export type QueryOf<E extends Endpoint> = Part<E, 'query'>;
export type ParamsOf<E extends Endpoint> = Part<E, 'params'>;

/** `/profile/notifications/:id/read` + `{ id: 'x' }` -> `/profile/notifications/x/read`. */
export const endpointPath = (
  endpoint: Pick<Endpoint, 'path'>,
  params: Record<string, string | number> = {},
): string =>
  endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
