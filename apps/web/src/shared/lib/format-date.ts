/**
 * THE date format of the cabinet. It lives in the contract because notification mails and
 * Telegram messages write dates the same way (decision 156).
 */
export { formatDateTime } from '@proxy/contract';
