import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../shared/api/api-error';
import {
  applyServerFieldErrors,
  describeWithFieldErrors,
  reportFormError,
} from '../../../shared/lib/form-errors';

/**
 * Auth failures: when every field the server names is on this form (a refused e-mail at
 * sign-up, a password rule), the messages go under those fields and no generic "The given data
 * was invalid." alert is shown. Otherwise: no response -> generic server error; else message +
 * field errors by line.
 */
export const reportAuthError = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void => {
  if (isApiError(error) && !error.isTransport) {
    const named = Object.keys(error.fieldErrors);
    const isAllOnForm = named.every((field) => (fields as readonly string[]).includes(field));
    if (named.length > 0 && isAllOnForm) {
      applyServerFieldErrors(error, setError, fields);
      return;
    }
  }
  reportFormError(error, setError, fields, {
    fallbackKey: 'auth:server_error',
    describe: describeWithFieldErrors,
  });
};
