import { isApiError } from '../../../shared/api/api-error';
import { describeWithFieldErrors } from '../../../shared/lib/form-errors';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { showAlert } from '../../../shared/ui/alert-store';

/** Auth failures: no response -> generic server error; otherwise message + field errors by line. */
export const reportAuthError = (error: unknown): void => {
  if (!isApiError(error) || error.isTransport) {
    showAlert.error(translateDynamic('auth:server_error'));
    return;
  }
  showAlert.error(describeWithFieldErrors(error));
};
