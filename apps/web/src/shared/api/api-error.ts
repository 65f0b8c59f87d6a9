import type { FieldErrors } from '@proxy/contract';

export type ApiErrorInit = {
  status: number;
  code: string | null;
  message: string;
  fieldErrors?: FieldErrors;
};

/** Every failed call becomes an ApiError; `status` 0 means no response (transport failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly fieldErrors: FieldErrors;

  constructor({ status, code, message, fieldErrors = {} }: ApiErrorInit) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  /** True when the server never answered (network down, CORS, aborted). */
  get isTransport(): boolean {
    return this.status === 0;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** The server's message of a failed call, else the caller's fallback text (spec section 8). */
export const apiErrorText = (error: unknown, fallback: string): string =>
  isApiError(error) && !error.isTransport && error.message ? error.message : fallback;
