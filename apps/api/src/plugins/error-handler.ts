import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ERROR_CODES,
  type ApiErrorBody,
  type ErrorCode,
  type FieldErrors,
  type Language,
} from '@proxy/contract';
import { AppError, isAppError, type FieldErrorKeys } from '../lib/app-error.ts';
import { pickLanguage, type Translator } from '../i18n/translator.ts';

/** Issues that belong to no field (e.g. "change at least one field") go under this key. */
export const FORM_ERROR_KEY = '_';

type ZodLikeIssue = { path: PropertyKey[]; message: string; params?: Record<string, unknown> };

/** Contract keys of other namespaces ('top-up:errors.min_amount_payment') are used as they are. */
const NAMESPACED_KEY = /^[a-z-]+:[a-z_.]+$/;

const issueParams = (issue: ZodLikeIssue): Record<string, string | number> | null => {
  if (!issue.params) return null;
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(issue.params))
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  return Object.keys(params).length > 0 ? params : null;
};
type ZodLikeError = { name: 'ZodError'; issues: ZodLikeIssue[] };

// Duck-typed: the contract may resolve its own copy of zod, so instanceof is unreliable.
const isZodError = (error: unknown): error is ZodLikeError =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'ZodError' &&
  Array.isArray((error as { issues?: unknown }).issues);

export const requestLanguage = (request: FastifyRequest): Language =>
  pickLanguage(request.headers['accept-language']);

const zodToFieldKeys = (error: ZodLikeError): FieldErrorKeys => {
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

/** Maps framework errors (bad JSON, body limits, unknown media types) onto the code table. */
const codeForFrameworkError = (error: FastifyError): ErrorCode => {
  const status = error.statusCode ?? 500;
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 400 && status < 500) return 'BAD_REQUEST';
  return 'INTERNAL';
};

export const sendError = (reply: FastifyReply, request: FastifyRequest, error: AppError) => {
  const translator = request.server.translator;
  return reply.code(error.statusCode).send(
    renderError(translator, requestLanguage(request), error.code, {
      errors: error.errors,
      params: error.params,
    }),
  );
};

/** One renderer for every failure: `{success:false, message, code, errors?}`, 5xx text never leaked. */
export const errorHandlerPlugin = fp(
  (app, _options, done) => {
    app.setErrorHandler((error: unknown, request, reply) => {
      if (isAppError(error)) return sendError(reply, request, error);
      if (isZodError(error))
        return sendError(
          reply,
          request,
          new AppError('VALIDATION_FAILED', { errors: zodToFieldKeys(error) }),
        );
      const fastifyError = error as FastifyError;
      const code = codeForFrameworkError(fastifyError);
      if (ERROR_CODES[code].status >= 500) request.log.error({ err: error }, 'request failed');
      else
        request.log.info(
          { code: fastifyError.code, message: fastifyError.message },
          'request refused',
        );
      return sendError(reply, request, new AppError(code));
    });
    done();
  },
  { name: 'error-handler' },
);
