import {
  endpointPath,
  isApiErrorBody,
  isJsonResponse,
  type BodyOf,
  type Endpoint,
  type FieldErrors,
  type ResponseOf,
} from '@proxy/contract';
import { API_BASE } from '../config';
import { currentLanguage, translateDynamic } from '../i18n/i18n';
import { useSessionStore } from '../session/session-store';
import { toQueryString, type QueryParams } from '../lib/query-string';
import { ApiError } from './api-error';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key of a purchase). */
  headers?: Record<string, string>;
};

type ErrorLikeBody = { success?: unknown; message?: unknown; code?: unknown; errors?: unknown };

export const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

const asFieldErrors = (value: unknown): FieldErrors => {
  if (typeof value !== 'object' || value === null) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(messages))
      result[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') result[field] = [messages];
  }
  return result;
};

/**
 * Error message rules (spec section 8): the body message; else 404 -> not found;
 * a business error (success:false) or 5xx -> server error; otherwise (no answer) the network text.
 */
export const toApiError = (status: number, body: unknown): ApiError => {
  const data = (typeof body === 'object' && body !== null ? body : {}) as ErrorLikeBody;
  const bodyMessage = typeof data.message === 'string' && data.message.trim() ? data.message : null;
  const code = typeof data.code === 'string' ? data.code : null;
  let message: string;
  if (bodyMessage) message = bodyMessage;
  else if (status === 404) message = translateDynamic('errors.not_found');
  else if (data.success === false || status >= 500) message = translateDynamic('errors.server');
  else message = translateDynamic('errors.network');
  return new ApiError({ status, code, message, fieldErrors: asFieldErrors(data.errors) });
};

export const apiUrl = (path: string, query?: QueryParams): string =>
  `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${toQueryString(query)}`;

/**
 * The one fetch wrapper: base URL, bearer token, Accept-Language, JSON in and out. The answer
 * is `unknown`: features call endpoints through `call`, which types it by the contract.
 */
/** Accept, Accept-Language and the bearer token of the session, on every call. */
export const sessionHeaders = (accept = 'application/json'): Record<string, string> => {
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': currentLanguage() };
  const token = useSessionStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
};

export const request = async (path: string, options: RequestOptions = {}): Promise<unknown> => {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { ...options.headers, ...sessionHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // Browsers' transport texts ("Failed to fetch") are not for users: show the network text.
    throw toApiError(0, null);
  }

  const data = await readJson(response);
  if (!response.ok || isApiErrorBody(data) || (data as ErrorLikeBody | null)?.success === false) {
    throw toApiError(response.status, data);
  }
  return data;
};

export const http = {
  get: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request(path, { ...options, method: 'GET' }),
  post: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request(path, { ...options, method: 'POST', body: body ?? {} }),
  patch: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request(path, { ...options, method: 'PATCH', body }),
};

/**
 * Responses are checked against the contract in development and tests only: a shape the
 * server does not promise fails loudly there, and production pays no parsing cost.
 */
const isResponseChecked = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** An API answer that does not match its contract definition (development and tests only). */
export class ContractMismatchError extends Error {
  constructor(endpoint: Endpoint, detail: string) {
    super(`${endpoint.method} ${endpoint.path}: response does not match the contract\n${detail}`);
    this.name = 'ContractMismatchError';
  }
}

export const parseResponse = <E extends Endpoint>(
  endpoint: E,
  data: unknown,
  isChecked = isResponseChecked,
): ResponseOf<E> => {
  if (!isChecked || !isJsonResponse(endpoint.response)) return data as ResponseOf<E>;
  const result = endpoint.response.safeParse(data);
  if (!result.success)
    throw new ContractMismatchError(
      endpoint,
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'),
    );
  return result.data as ResponseOf<E>;
};

export type CallOptions<E extends Endpoint> = {
  /** Values of the path's `:name` segments. */
  params?: Record<string, string | number>;
  query?: QueryParams;
  body?: BodyOf<E>;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
};

/**
 * Calls one contract endpoint: its method and path, the body typed by its request schema,
 * the answer typed (and, in development and tests, parsed) by its response schema.
 *
 *   call(profileEndpoints.getProfile, { signal })
 */
export const call = async <E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> => {
  const { params, query, signal, headers } = options;
  // A POST always carries a JSON object (the API accepts `{}` for body-less actions).
  const body = options.body ?? (endpoint.method === 'POST' ? {} : undefined);
  const data = await request(endpointPath(endpoint, params), {
    method: endpoint.method,
    ...(body !== undefined ? { body } : {}),
    ...(query ? { query } : {}),
    ...(signal ? { signal } : {}),
    ...(headers ? { headers } : {}),
  });
  return parseResponse(endpoint, data);
};
