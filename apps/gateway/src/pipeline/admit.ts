import type { Authorized, ClientAddress } from '../auth/authenticate.ts';
import { exitRefusal, type ExitRefusal } from '../exits/exit-refusal.ts';
import type { Exit } from '../exits/exit-table.ts';
import {
  admissionRefusal,
  arrivalOf,
  logRefusal,
  REFUSAL_HTTP_STATUS,
  REFUSAL_MESSAGE,
  REFUSAL_SOCKS_REPLY,
  type ProxyContext,
} from '../proxy-context.ts';

/** What a client is told when its request is not carried: the HTTP and the SOCKS5 answer. */
export type Refusal = {
  /** `X-Proxy-Error` and the log's name for it. */
  readonly code: string;
  readonly status: number;
  readonly socksReply: number;
  /** One generic sentence: never an exit's name or an internal address. */
  readonly message: string;
};

/** The front end a request came through: SOCKS5 is sold per package (ISP lines may lack it). */
export type Protocol = 'http' | 'socks5';

/** RFC 1928's "connection not allowed by ruleset". */
const SOCKS_NOT_ALLOWED = 0x02;

/**
 * The one admission of a request, whatever its listener: the package may take another
 * connection here (its ISP line, quota, traffic check, connection cap, protocol), and an exit
 * serves its targeting. Returns the exit chosen (picks rotate: ask once per request), or why not.
 */
export const admit = (
  ctx: ProxyContext,
  client: ClientAddress,
  authorized: Authorized,
  protocol: Protocol,
  now: number,
): Exit | Refusal => {
  const { entry } = authorized;
  if (protocol === 'socks5' && !entry.socksAllowed) {
    ctx.log.info(
      { packageId: entry.id, refusal: 'protocol_not_bought' },
      'SOCKS5 refused: the package was bought for HTTP(S) only',
    );
    return {
      code: 'protocol_not_bought',
      status: 403,
      socksReply: SOCKS_NOT_ALLOWED,
      message: 'this package was bought for HTTP(S) only',
    };
  }
  const arrivedOn = arrivalOf(ctx, client);
  const refusal = admissionRefusal(ctx, entry, arrivedOn);
  if (refusal !== null) {
    logRefusal(ctx, refusal, entry, arrivedOn);
    return {
      code: refusal,
      status: REFUSAL_HTTP_STATUS[refusal],
      socksReply: REFUSAL_SOCKS_REPLY[refusal],
      message: REFUSAL_MESSAGE[refusal],
    };
  }
  return (
    ctx.exits.pick(entry, authorized.targeting, now, arrivedOn) ??
    exitRefusal(ctx.log, authorized, ctx.exits.whyNone(entry, authorized.targeting))
  );
};

export const isRefusal = (admission: Exit | ExitRefusal | Refusal): admission is Refusal =>
  'socksReply' in admission;
