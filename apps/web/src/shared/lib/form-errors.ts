import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, type ApiError } from '../api/api-error';
import { i18n, translateDynamic } from '../i18n/i18n';
import { showAlert } from '../ui/alert-store';

/**
 * Client messages are contract i18n keys: `validation.<key>`, or a namespaced key of a form's
 * own (`packages:proxy_create.errors.max_ports`); server messages arrive translated.
 */
export const translateFieldError = (message: string | undefined): string | undefined => {
  if (!message) return undefined;
  if (/^[a-z-]+:[a-z_.]+$/.test(message) && i18n.exists(message)) return translateDynamic(message);
  const key = `validation.${message}`;
  return /^[a-z_]+$/.test(message) && i18n.exists(key) ? translateDynamic(key) : message;
};

/** Maps `errors` of an API response onto the matching form fields. */
export const applyServerFieldErrors = <T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void => {
  for (const field of fields) {
    const messages = error.fieldErrors[field];
    const first = messages?.[0];
    if (first) setError(field, { type: 'server', message: first });
  }
};

/** "Server message" followed by every field error, one per line (spec section 8). */
export const describeWithFieldErrors = (error: ApiError): string => {
  const lines = Object.values(error.fieldErrors).flat();
  return [error.message, ...lines].filter(Boolean).join('\n');
};

export type FormErrorReport = {
  /** i18n key shown when no response came back (network, 5xx without body). */
  fallbackKey: string;
  /** The alert text of an API error; the server message by default. */
  describe?: (error: ApiError) => string;
};

/**
 * The one submit-failure path of the forms: server field errors onto the fields, then one alert
 * (the server text, or the fallback key when there was no usable response).
 */
export const reportFormError = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  { fallbackKey, describe = (apiError) => apiError.message }: FormErrorReport,
): void => {
  if (!isApiError(error) || error.isTransport) {
    showAlert.error(translateDynamic(fallbackKey));
    return;
  }
  applyServerFieldErrors(error, setError, fields);
  showAlert.error(describe(error));
};
