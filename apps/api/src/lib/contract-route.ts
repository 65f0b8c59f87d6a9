import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginCallbackZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema, isJsonResponse, type Endpoint } from '@proxy/contract';

/** The app as the modules see it: routes typed from the contract's zod schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A module: a plugin that registers its routes with `app.route(route(...))`. */
export type RoutesPlugin = FastifyPluginCallbackZod;

type RequestPart<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E['request'] extends {
  [P in K]: infer S extends z.ZodType;
}
  ? S
  : undefined;

/** Fastify's view of an endpoint: request parts and the success response, as zod schemas. */
export type SchemaOf<E extends Endpoint> = {
  params: RequestPart<E, 'params'>;
  querystring: RequestPart<E, 'query'>;
  body: E['rawBody'] extends true ? undefined : RequestPart<E, 'body'>;
  response: E['response'] extends z.ZodType ? { '2xx': E['response'] } : undefined;
};

export type ContractRouteOptions<E extends Endpoint> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** request.params/query/body are the schemas' outputs; the return value must fit the response. */
export type ContractHandler<E extends Endpoint> = ContractRouteOptions<E>['handler'];

/** What a route adds to its definition: guards (auth, rate limits) and per-route config. */
export type RouteExtras = Pick<
  RouteShorthandOptions,
  'config' | 'onRequest' | 'preHandler' | 'bodyLimit'
>;

/**
 * A Fastify route from a contract endpoint: method, path, the request schemas (validated by
 * the zod validator compiler; errors go through the error handler as field errors) and the
 * response schema (the serializer parses with it, so no undeclared field leaves the server;
 * 4xx/5xx bodies are checked against the one error shape).
 *
 * The route's `preHandler` hooks (authenticate, requireVerified, rate limits) run as
 * preValidation hooks: who may call is decided before the input is looked at, so a caller
 * without a session gets 401 whatever the body, as when handlers parsed the body themselves.
 *
 * Modules use `addRoute` below; `route` is the options object it registers.
 */
export const route = <const E extends Endpoint>(
  endpoint: E,
  extras: RouteExtras,
  handler: ContractHandler<E>,
): ContractRouteOptions<E> => {
  const { request, response } = endpoint;
  const schema: FastifySchema = {};
  if (request.params) schema.params = request.params;
  if (request.query) schema.querystring = request.query;
  if (request.body && !endpoint.rawBody) schema.body = request.body;
  if (isJsonResponse(response))
    schema.response = { '2xx': response, '4xx': apiErrorSchema, '5xx': apiErrorSchema };
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: schema as SchemaOf<E>,
    ...(extras.config ? { config: extras.config } : {}),
    ...(extras.onRequest ? { onRequest: extras.onRequest } : {}),
    ...(extras.bodyLimit !== undefined ? { bodyLimit: extras.bodyLimit } : {}),
    ...(extras.preHandler ? { preValidation: extras.preHandler } : {}),
    handler,
  };
};

/**
 * Registers one contract endpoint on the app (see `route`):
 *
 *   addRoute(app, profileEndpoints.updateProfile, { preHandler: authenticate }, async (request) => {
 *     ...request.body is the parsed body; the return value must fit the response schema
 *   });
 */
export const addRoute = <const E extends Endpoint>(
  app: App,
  endpoint: E,
  extras: RouteExtras,
  handler: ContractHandler<E>,
): void => {
  app.route(route(endpoint, extras, handler));
};
