/**
 * Whether an error means the database cannot be reached right now (down, restarting, in
 * recovery, refusing connections), as opposed to a fault of the query or of our code. Callers
 * answer those with "try again" (HTTP 503 with Retry-After) and keep running: the pool opens
 * fresh connections once the server is back.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 8; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code)))
      return true;
    if (typeof message === 'string' && CLIENT_MESSAGES.some((text) => message.includes(text)))
      return true;
    // Node's connect tries each address of a host name and reports all failures together.
    if (Array.isArray(errors) && errors.some((entry) => isDatabaseUnavailable(entry))) return true;
    current = cause;
  }
  return false;
};

/** Socket errors of a server that is not there (any more). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve: class 08 (connection exception), the shutdowns
 * (57P01 admin, 57P02 crash), 57P03 (starting up or in recovery), 53300 (too many connections).
 */
const isUnavailableSqlState = (code: string) =>
  code.startsWith('08') ||
  code === '57P01' ||
  code === '57P02' ||
  code === '57P03' ||
  code === '53300';

/** What node-postgres says when the connection dies under a query or cannot be opened in time. */
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];
