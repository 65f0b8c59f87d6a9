import { isApiError } from '../../../shared/api/api-error';

/** The server's message of a failed action, else the action's own fallback text (spec section 8). */
export const actionErrorText = (error: unknown, fallback: string): string =>
  isApiError(error) && !error.isTransport && error.message ? error.message : fallback;
