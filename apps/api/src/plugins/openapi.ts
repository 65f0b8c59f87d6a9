import fp from 'fastify-plugin';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_KEY_HEADER,
  API_KEY_SECURITY_SCHEME,
  EXPORT_CONTENT_TYPES,
  FALLBACK_LANGUAGE,
  apiErrorSchema,
  appEndpoints,
  isJsonResponse,
  openApiDocumentSchema,
  type Language,
  type NamedEndpoint,
} from '@proxy/contract';
import type { Translator } from '../i18n/translator.ts';
import { addRoute, type App } from '../lib/contract-route.ts';
import { requestLanguage } from './error-handler.ts';
import { PUBLIC_ROUTES, routeKey } from './api-key.ts';

/**
 * The document's own English texts; the operations' are the contract's summaries. Another
 * language takes each from `api-docs:openapi.*` of its locale file (decision 157).
 */
const DOCUMENT_TEXTS = {
  description:
    'The reseller API: the account balance, tariffs and buying, packages, proxy lists, ' +
    'exports and usage. Send your API key (cabinet profile) in the X-Api-Key header.',
  responses: {
    success: 'The answer of a call that succeeded',
    file: 'The file, as an attachment (Content-Disposition names it)',
    no_content: 'Done; the answer has no body',
    error: 'The error shape',
  },
} as const;

const errorContent = {
  'application/json': { schema: z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12' }) },
};

/**
 * What zod cannot describe: the downloads (a file in one of the export formats) have no JSON
 * response schema; the document lists their media types and the one error shape.
 */
const fileResponses = {
  200: {
    description: DOCUMENT_TEXTS.responses.file,
    content: Object.fromEntries(
      Object.values(EXPORT_CONTENT_TYPES).map((type): [string, object] => [
        type.replace(/;.*$/, ''),
        { schema: { type: 'string', format: 'binary' } },
      ]),
    ),
  },
  '4xx': { description: DOCUMENT_TEXTS.responses.error, content: errorContent },
};

/** A call that answers 204 (a deletion): no body, and the one error shape. */
const noContentResponses = {
  204: { description: DOCUMENT_TEXTS.responses.no_content, type: 'null' },
  '4xx': { description: DOCUMENT_TEXTS.responses.error, content: errorContent },
};

/** A JSON answer's schema with the text @fastify/swagger shows for the answer (not kept in the schema). */
const described = (schema: unknown, description: string) =>
  typeof schema === 'object' && schema !== null
    ? { ...schema, 'x-response-description': description }
    : schema;

/**
 * The serializer knows the success answer as `2xx`; every public JSON route answers 200, and the
 * document says so (a client generator and Swagger UI match exact codes, not ranges). Each
 * answer says what it is, instead of the generator's "Default Response".
 */
const withExactSuccess = (response: unknown) => {
  if (typeof response !== 'object' || response === null) return response;
  const { '2xx': success, ...failures } = response as Record<string, unknown>;
  const errors = Object.fromEntries(
    Object.entries(failures).map(([status, schema]) => [
      status,
      described(schema, DOCUMENT_TEXTS.responses.error),
    ]),
  );
  return success === undefined
    ? errors
    : { 200: described(success, DOCUMENT_TEXTS.responses.success), ...errors };
};

type OpenApiDocument = z.output<typeof openApiDocumentSchema>;
type DocumentedOperation = {
  operationId?: string;
  summary?: string;
  responses?: Record<string, { description?: string }>;
};

const RESPONSE_KEYS = new Map<string, string>(
  Object.entries(DOCUMENT_TEXTS.responses).map(([key, text]) => [text, key]),
);

/**
 * The document in `language`: the English one with each text this language has in
 * `api-docs:openapi.*` (the description, every operation's summary by its id, the answers' texts);
 * a text it lacks stays English. The schemas are the same in every language.
 */
const localizedDocument = (
  document: OpenApiDocument,
  language: Language,
  translator: Translator,
): OpenApiDocument => {
  if (language === FALLBACK_LANGUAGE) return document;
  const text = (key: string, english: string) => {
    const full = `api-docs:openapi.${key}`;
    return translator.has(language, full) ? translator.t(language, full) : english;
  };
  const copy = structuredClone(document);
  copy.info.description = text('description', DOCUMENT_TEXTS.description);
  for (const item of Object.values(copy.paths))
    for (const value of Object.values(item)) {
      const operation = value as DocumentedOperation;
      if (operation.operationId && operation.summary)
        operation.summary = text(`operations.${operation.operationId}`, operation.summary);
      for (const answer of Object.values(operation.responses ?? {})) {
        const key = answer.description && RESPONSE_KEYS.get(answer.description);
        if (key && answer.description)
          answer.description = text(`responses.${key}`, answer.description);
      }
    }
  return copy;
};

const methodOf = (method: string | string[]) => (Array.isArray(method) ? method[0] : method) ?? '';

/**
 * Only the public routes (`access: 'api-key'` in the contract) are documented (decision 145):
 * the document is the reseller's, and the cabinet's own routes are no promise to anyone. Each
 * public route gets its contract summary, `{domain}.{name}` as operation id, its domain as tag,
 * and the X-Api-Key scheme; the schemas come from the same zod definitions that validate
 * requests and serialise responses (fastify-type-provider-zod's transform), so they cannot drift.
 */
const documentPublicRoutes: SwaggerTransform = (input) => {
  const named: NamedEndpoint | undefined = PUBLIC_ROUTES.get(
    routeKey(methodOf(input.route.method), input.url),
  );
  if (!named) return { schema: { hide: true }, url: input.url };
  const { endpoint, domain, name } = named;
  const transformed = jsonSchemaTransform({ ...input, schema: input.schema ?? {} });
  const schema: Record<string, unknown> = {
    ...transformed.schema,
    summary: endpoint.summary,
    operationId: `${domain}.${name}`,
    tags: [domain],
    security: [{ [API_KEY_SECURITY_SCHEME]: [] }],
  };
  if (!isJsonResponse(endpoint.response) && endpoint.response.kind === 'file')
    schema.response = fileResponses;
  else if (!isJsonResponse(endpoint.response) && endpoint.response.kind === 'no-content')
    schema.response = noContentResponses;
  else schema.response = withExactSuccess(transformed.schema.response);
  return { schema: schema, url: transformed.url };
};

/**
 * The OpenAPI 3.1 document of the public API at GET /api/openapi.json, generated by
 * @fastify/swagger from the routes as they are registered (so from the contract's definitions).
 * Registered before the modules: @fastify/swagger collects routes with an onRoute hook.
 */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${app.config.COMPANY_NAME} API`,
          version: '1',
          description: DOCUMENT_TEXTS.description,
        },
        components: {
          securitySchemes: {
            [API_KEY_SECURITY_SCHEME]: { type: 'apiKey', in: 'header', name: API_KEY_HEADER },
          },
        },
      },
      hideUntagged: true,
      transform: documentPublicRoutes,
    });

    // Under /api like the modules, registered from its contract definition. The document is
    // built once per language, on its first call (the route table is fixed by then), in the
    // request's language as the legal texts and the FAQ are.
    const documents = new Map<Language, OpenApiDocument>();
    const documentIn = (language: Language) => {
      let document = documents.get(language);
      if (!document) {
        const english =
          documents.get(FALLBACK_LANGUAGE) ?? openApiDocumentSchema.parse(app.swagger());
        documents.set(FALLBACK_LANGUAGE, english);
        document = localizedDocument(english, language, app.translator);
        documents.set(language, document);
      }
      return document;
    };
    await app.register(
      (scoped: App, _options, registered) => {
        addRoute(scoped, appEndpoints.openApiDocument, {}, (request, reply) => {
          void reply.header('cache-control', 'no-cache').header('vary', 'accept-language');
          return documentIn(requestLanguage(request));
        });
        registered();
      },
      { prefix: '/api' },
    );
  },
  { name: 'openapi', dependencies: ['api-key'] },
);
