/** The server's message of a failed action, else the action's own fallback text (spec section 8). */
export { apiErrorText as actionErrorText } from '../../../shared/api/api-error';
