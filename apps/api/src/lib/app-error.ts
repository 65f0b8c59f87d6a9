import { ERROR_CODES, type ErrorCode } from '@proxy/contract';

/** Field errors before translation: field -> i18n keys (e.g. 'validation.email_taken'). */
export type FieldErrorKeys = Record<string, (string | FieldErrorKey)[]>;
/** A key with interpolation values (e.g. the bound of a top-up amount). */
export type FieldErrorKey = { key: string; params: Record<string, string | number> };

/**
 * The one error services throw. The error handler turns it into
 * `{success:false, message, code, errors?}` with the status of the contract table.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly errors: FieldErrorKeys | undefined;
  readonly params: Record<string, string | number> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      errors?: FieldErrorKeys;
      params?: Record<string, string | number>;
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_CODES[code].status;
    this.errors = options.errors;
    this.params = options.params;
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;
