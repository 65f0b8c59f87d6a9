import { z } from 'zod';

/**
 * The one table of error codes. Each code has an HTTP status and an i18n key
 * (namespace `base`, section `errors`). The API renders every failure from it;
 * the web app reads `code` to react (e.g. 401 logs out) and shows `message`.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 422, key: 'errors.validation' },
  INVALID_CREDENTIALS: { status: 422, key: 'errors.invalid_credentials' },
  INVALID_RESET_TOKEN: { status: 422, key: 'errors.invalid_reset_token' },
  WRONG_CURRENT_PASSWORD: { status: 422, key: 'errors.wrong_current_password' },
  /** A TOTP or recovery code that is wrong, malformed, outside the window or already used. */
  TWO_FACTOR_CODE_INVALID: { status: 422, key: 'errors.two_factor_code_invalid' },
  /** The second sign-in step's challenge is unknown, forged or older than its 5 minutes. */
  TWO_FACTOR_CHALLENGE_INVALID: { status: 422, key: 'errors.two_factor_challenge_invalid' },
  TWO_FACTOR_ALREADY_ENABLED: { status: 409, key: 'errors.two_factor_already_enabled' },
  /** Enabling without a set-up, or disabling / regenerating codes while it is off. */
  TWO_FACTOR_NOT_ENABLED: { status: 409, key: 'errors.two_factor_not_enabled' },
  BAD_REQUEST: { status: 400, key: 'errors.bad_request' },
  UNAUTHENTICATED: { status: 401, key: 'errors.unauthenticated' },
  FORBIDDEN: { status: 403, key: 'errors.forbidden' },
  EMAIL_NOT_VERIFIED: { status: 403, key: 'errors.email_not_verified' },
  /** An X-Api-Key on a route outside the public API (decision 144): cabinet sessions only. */
  API_KEY_NOT_ALLOWED: { status: 403, key: 'errors.api_key_not_allowed' },
  NOT_FOUND: { status: 404, key: 'errors.not_found' },
  CONFLICT: { status: 409, key: 'errors.conflict' },
  /** An Idempotency-Key sent again with another request. */
  IDEMPOTENCY_KEY_REUSED: { status: 422, key: 'errors.idempotency_key_reused' },
  INSUFFICIENT_FUNDS: { status: 422, key: 'errors.insufficient_funds' },
  // Buy flow: a short balance names the missing amount ({{missing}}).
  BALANCE_SHORT: { status: 422, key: 'errors.balance_short' },
  PROMO_INVALID: { status: 422, key: 'errors.promo_invalid' },
  LOCATION_UNAVAILABLE: { status: 422, key: 'errors.location_unavailable' },
  OUT_OF_STOCK: { status: 409, key: 'errors.out_of_stock' },
  // Package changes: a state that does not allow the action.
  PACKAGE_ACTION_UNAVAILABLE: { status: 409, key: 'errors.package_action_unavailable' },
  PACKAGE_ALREADY_SWAPPED: { status: 409, key: 'errors.package_already_swapped' },
  UNLIM_ACTIVE_UNDELETABLE: { status: 409, key: 'errors.unlim_active_undeletable' },
  // Package lifecycle (decision 108): extend/renew is refused while auto-renew is on;
  // a package that is not running (inactive, deactivated, pending) is restored, not extended;
  // unlimited 1-day tariffs have no auto-renew.
  AUTO_RENEW_ENABLED: { status: 409, key: 'errors.auto_renew_enabled' },
  PACKAGE_NOT_EXTENDABLE: { status: 409, key: 'errors.package_not_extendable' },
  AUTO_RENEW_UNAVAILABLE: { status: 422, key: 'errors.auto_renew_unavailable' },
  // Proxy lists and the generator (decision 116).
  PACKAGE_NOT_ACTIVE: { status: 409, key: 'errors.package_not_active' },
  LOCATION_NOT_SERVED: { status: 422, key: 'errors.location_not_served' },
  LIST_PORTS_EXHAUSTED: { status: 409, key: 'errors.list_ports_exhausted' },
  EMAIL_ALREADY_VERIFIED: { status: 409, key: 'errors.email_already_verified' },
  PAYLOAD_TOO_LARGE: { status: 413, key: 'errors.payload_too_large' },
  // Refused before routing: Node's parser and Fastify's router.
  REQUEST_TIMEOUT: { status: 408, key: 'errors.request_timeout' },
  URI_TOO_LONG: { status: 414, key: 'errors.uri_too_long' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, key: 'errors.unsupported_media_type' },
  HEADERS_TOO_LARGE: { status: 431, key: 'errors.headers_too_large' },
  RATE_LIMITED: { status: 429, key: 'errors.rate_limited' },
  INTERNAL: { status: 500, key: 'errors.server' },
  SERVICE_UNAVAILABLE: { status: 503, key: 'errors.service_unavailable' },
  /** The payment provider refused or did not answer when a payment was created. */
  PAYMENT_PROVIDER_FAILED: { status: 502, key: 'errors.payment' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Field errors: field name -> list of human texts (already translated by the server). */
export type FieldErrors = Record<string, string[]>;

/** The single JSON shape of every failed API response. */
export type ApiErrorBody = {
  success: false;
  message: string;
  code: ErrorCode;
  errors?: FieldErrors;
};

/** Field errors that belong to no field ("change at least one field", "too many") go under this key. */
export const FORM_ERROR_KEY = '_';

/** The error shape as a schema: every 4xx/5xx answer of every endpoint has it. */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const isApiErrorBody = (value: unknown): value is ApiErrorBody =>
  typeof value === 'object' &&
  value !== null &&
  (value as { success?: unknown }).success === false &&
  typeof (value as { message?: unknown }).message === 'string';
