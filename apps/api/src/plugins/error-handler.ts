import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  FALLBACK_LANGUAGE,
  type ApiErrorBody,
  type ErrorCode,
  type FieldErrors,
  type Language,
  FORM_ERROR_KEY,
} from '@proxy/contract';
import { isDatabaseUnavailable } from '@proxy/db';
import { AppError, isAppError, type FieldErrorKeys } from '../lib/app-error.ts';
import { pickLanguage, type Translator } from '../i18n/translator.ts';

export { FORM_ERROR_KEY } from '@proxy/contract';

export type ZodLikeIssue = {
  path: PropertyKey[];
  message: string;
  params?: Record<string, unknown>;
};

/** Contract keys of other namespaces ('top-up:errors.min_amount_payment') are used as they are. */
const NAMESPACED_KEY = /^[a-z-]+:[a-z_.]+$/;

const issueParams = (issue: ZodLikeIssue): Record<string, string | number> | null => {
  if (!issue.params) return null;
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(issue.params))
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  return Object.keys(params).length > 0 ? params : null;
};
export type ZodLikeError = { name: 'ZodError'; issues: ZodLikeIssue[] };

// Duck-typed: the contract may resolve its own copy of zod, so instanceof is unreliable.
const isZodError = (error: unknown): error is ZodLikeError =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'ZodError' &&
  Array.isArray((error as { issues?: unknown }).issues);

export const requestLanguage = (request: FastifyRequest): Language =>
  pickLanguage(request.headers['accept-language']);

/**
 * A request refused by a route's contract schema (validator compiler): back to the zod issues,
 * so the field errors are the same as when handlers parsed the body themselves.
 */
const issuesOfValidation = (
  validation: { instancePath: string; message?: string; params: Record<string, unknown> }[],
): ZodLikeError => ({
  name: 'ZodError',
  issues: validation.map((entry) => {
    const params = entry.params.params;
    return {
      path: entry.instancePath.split('/').filter((part) => part !== ''),
      message: entry.message ?? '',
      ...(typeof params === 'object' && params !== null
        ? { params: params as Record<string, unknown> }
        : {}),
    };
  }),
});

/** Zod issues -> field error keys (`validation.<key>`), as every validation error renders. */
export const zodToFieldKeys = (error: ZodLikeError): FieldErrorKeys => {
  const fields: FieldErrorKeys = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : FORM_ERROR_KEY;
    // Contract messages are bare validation keys; zod's own English texts are not.
    const key = NAMESPACED_KEY.test(issue.message)
      ? issue.message
      : /^[a-z_]+$/.test(issue.message)
        ? `validation.${issue.message}`
        : 'validation.invalid_value';
    const list = (fields[field] ??= []);
    const params = issueParams(issue);
    if (params) list.push({ key, params });
    else if (!list.includes(key)) list.push(key);
  }
  return fields;
};

const translateFields = (
  translator: Translator,
  language: Language,
  fields: FieldErrorKeys,
): FieldErrors => {
  const out: FieldErrors = {};
  for (const [field, keys] of Object.entries(fields)) {
    out[field] = keys.map((entry) => {
      const { key, params } = typeof entry === 'string' ? { key: entry, params: undefined } : entry;
      return translator.has(language, key)
        ? translator.t(language, key, params)
        : translator.t(language, 'validation.invalid_value');
    });
  }
  return out;
};

export const renderError = (
  translator: Translator,
  language: Language,
  code: ErrorCode,
  options: {
    errors?: FieldErrorKeys | undefined;
    params?: Record<string, string | number> | undefined;
  } = {},
): ApiErrorBody => {
  const body: ApiErrorBody = {
    success: false,
    message: translator.t(language, ERROR_CODES[code].key, options.params),
    code,
  };
  if (options.errors && Object.keys(options.errors).length > 0)
    body.errors = translateFields(translator, language, options.errors);
  return body;
};

/** The code of each status Fastify and its plugins raise; other 4xx read as a bad request. */
const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/**
 * Maps framework errors (bad JSON, body limits, unknown media types, undecodable URLs, path
 * parameters over the router's limit) onto the code table. Their own messages, which quote
 * the URL, are never sent.
 */
const codeForFrameworkError = (error: FastifyError): ErrorCode => {
  const status = error.statusCode ?? 500;
  const code = CODE_OF_STATUS[status];
  if (code) return code;
  return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
};

/** How long a client waits before it tries again while a dependency is away (seconds). */
export const RETRY_AFTER_SECONDS = 5;

export const sendError = (reply: FastifyReply, request: FastifyRequest, error: AppError) => {
  const translator = request.server.translator;
  if (error.statusCode === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply.code(error.statusCode).send(
    renderError(translator, requestLanguage(request), error.code, {
      errors: error.errors,
      params: error.params,
    }),
  );
};

/**
 * THE error handler: every failure becomes `{success:false, message, code, errors?}` with the
 * status of the code table; a 5xx text is never leaked, nothing quotes the URL. Errors raised
 * before routing come here too (handleFrameworkError, handleClientError).
 */
export const handleError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
  if (isAppError(error)) return sendError(reply, request, error);
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A path parameter that does not fit (a malformed id) names no resource: 404.
    if (error.validationContext === 'params')
      return sendError(reply, request, new AppError('NOT_FOUND'));
    return sendError(
      reply,
      request,
      new AppError('VALIDATION_FAILED', {
        errors: zodToFieldKeys(issuesOfValidation(error.validation)),
      }),
    );
  }
  if (isZodError(error))
    return sendError(
      reply,
      request,
      new AppError('VALIDATION_FAILED', { errors: zodToFieldKeys(error) }),
    );
  // The database is down or restarting: the request changed nothing and can be sent again.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'dependency unavailable');
    return sendError(reply, request, new AppError('SERVICE_UNAVAILABLE'));
  }
  const fastifyError = error as FastifyError;
  const code = codeForFrameworkError(fastifyError);
  if (ERROR_CODES[code].status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: fastifyError.code }, 'request refused');
  return sendError(reply, request, new AppError(code));
};

/** One renderer for every failure (see handleError). */
export const errorHandlerPlugin = fp(
  (app, _options, done) => {
    app.setErrorHandler(handleError);
    done();
  },
  { name: 'error-handler' },
);

/**
 * Headers of answers given before routing: no route's hooks run there (the security headers'
 * onSend among them), and a JSON error needs only these.
 */
const PRE_ROUTING_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
} as const;

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode or a path parameter over the router's
 * limit, refused before routing. Its default answers quote the URL; this one is handleError's.
 */
export const handleFrameworkError = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void => {
  void handleError(error, request, reply.headers(PRE_ROUTING_HEADERS));
};

const CLIENT_ERROR_CODES: Readonly<Record<string, ErrorCode>> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/**
 * Fastify's `clientErrorHandler`: Node could not read a request (headers over the limit, a
 * malformed request line, a timeout), so no route, hook or reply exists. The answer is written
 * on the socket in the same JSON shape (in the fallback language: the headers were not read),
 * then the connection is closed, as Node itself does.
 */
export function handleClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Duplex,
) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = CLIENT_ERROR_CODES[error.code ?? ''] ?? 'BAD_REQUEST';
  const status = ERROR_CODES[code].status;
  const body = JSON.stringify(renderError(this.translator, FALLBACK_LANGUAGE, code));
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable)
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        ...Object.entries(PRE_ROUTING_HEADERS).map(([name, value]) => `${name}: ${value}`),
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  socket.destroy(error);
}
