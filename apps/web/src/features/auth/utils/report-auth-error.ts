import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { describeWithFieldErrors, reportFormError } from '../../../shared/lib/form-errors';

/** Auth failures: fields marked; no response -> generic server error; else message + field errors by line. */
export const reportAuthError = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void =>
  reportFormError(error, setError, fields, {
    fallbackKey: 'auth:server_error',
    describe: describeWithFieldErrors,
  });
