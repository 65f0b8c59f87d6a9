import type { Logger } from 'pino';
import type { Authorized } from '../auth/authenticate.ts';
import { describeTargeting } from '../proxy-context.ts';
import {
  HTTP_STATUS_BY_FAILURE,
  SOCKS_REPLY_BY_FAILURE,
  type ExitError,
  type ExitFailure,
} from './exit-connect.ts';
import type { NoExit } from './exit-table.ts';

/** What a client is told when no connection could be made for it. */
export type ExitRefusal = {
  /** `X-Proxy-Error` and the body's code (PROXY_REFUSAL_CODES). */
  readonly code: ExitFailure;
  readonly status: number;
  readonly socksReply: number;
  /** One generic sentence: never an exit's name or an internal address. */
  readonly message: string;
};

const SENTENCES: Record<Exclude<ExitFailure, NoExit>, string> = {
  blocked: 'the destination is not allowed',
  dns: 'the destination name does not resolve',
  refused: 'the connection was refused',
  unreachable: 'the destination could not be reached',
  timeout: 'no connection within the connect timeout',
  upstream: 'the exit could not carry the request',
};

/** What the package and targeting asked for, in the client's own terms. */
const asked = (authorized: Authorized) =>
  authorized.entry.family === 'unlim' && authorized.targeting.selector === null
    ? "this package's location"
    : describeTargeting(authorized.targeting);

/** The failures the destination causes, not the exit: the operator need not act on them. */
const isDestinationFailure = (failure: ExitFailure) => failure === 'dns' || failure === 'blocked';

/**
 * The one place a failed connect becomes the client's answer (forwarded requests, CONNECT and
 * SOCKS5 tunnels): a code, a status, a SOCKS reply and a generic
 * sentence. Error messages can name an exit's local address or upstream (`bind EADDRNOTAVAIL
 * 185.212.60.1`), so they go to the log (warn when the exit failed, info when the destination
 * did or nothing served the targeting), never to the client.
 */
export const exitRefusal = (
  log: Logger,
  authorized: Authorized,
  why: ExitError | NoExit,
): ExitRefusal => {
  const packageId = authorized.entry.id;
  let code: ExitFailure;
  let message: string;
  if (typeof why === 'string') {
    code = why;
    message =
      why === 'no_exit'
        ? `no exit serves ${asked(authorized)}`
        : `no exit for ${asked(authorized)} is available now`;
    if (why === 'exit_unavailable')
      log.warn({ packageId, failure: why }, 'every exit serving the request is down');
    else log.info({ packageId, failure: why }, 'no exit serves the request');
  } else {
    code = why.failure;
    message =
      code === 'no_exit' || code === 'exit_unavailable'
        ? `no exit serves ${asked(authorized)}`
        : SENTENCES[code];
    const detail = { packageId, exit: why.exit?.name, failure: code, detail: why.message };
    if (isDestinationFailure(code)) log.info(detail, 'connect refused for the destination');
    else log.warn(detail, 'connect through an exit failed');
  }
  return {
    code,
    status: HTTP_STATUS_BY_FAILURE[code],
    socksReply: SOCKS_REPLY_BY_FAILURE[code],
    message,
  };
};
