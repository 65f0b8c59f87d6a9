import type { Authorized, ClientAddress } from '../auth/authenticate.ts';
import { exitRefusal, type ExitRefusal } from '../exits/exit-refusal.ts';
import type { Exit } from '../exits/exit-table.ts';
import type { PackageEntry } from '../auth/credential-cache.ts';
import { arrivalOf, type ProxyContext } from '../proxy-context.ts';

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

/** Why a new connection of an authenticated package is refused, or null to let it in. */
type AdmissionRefusal =
  'address_not_in_package' | 'quota_exhausted' | 'connection_limit' | 'traffic_unavailable';

/**
 * `arrivedOn`: the ISP address the connection arrived on (arrivalOf). A sub-user whose own limit
 * is spent is told what a package whose quota is spent is told.
 */
const admissionRefusal = (
  ctx: ProxyContext,
  authorized: Authorized,
  arrivedOn: string | null,
): AdmissionRefusal | null => {
  const { entry } = authorized;
  if (arrivedOn !== null && !ctx.cache.holdsAddress(entry, arrivedOn))
    return 'address_not_in_package';
  if (ctx.limits.isExhausted(authorized)) return 'quota_exhausted';
  if (ctx.limits.isUnreachable(authorized)) return 'traffic_unavailable';
  if (ctx.registry.count(entry.id) >= ctx.limits.connectionCap(entry)) return 'connection_limit';
  return null;
};

const REFUSAL_HTTP_STATUS: Record<AdmissionRefusal, number> = {
  address_not_in_package: 403,
  quota_exhausted: 403,
  connection_limit: 429,
  traffic_unavailable: 503,
};

/** The SOCKS5 reply (RFC 1928): "not allowed by ruleset", or a failure that is ours. */
const REFUSAL_SOCKS_REPLY: Record<AdmissionRefusal, number> = {
  address_not_in_package: 0x02,
  quota_exhausted: 0x02,
  connection_limit: 0x02,
  traffic_unavailable: 0x01,
};

/** What the client reads; never the address (another customer's line). */
const REFUSAL_MESSAGE: Record<AdmissionRefusal, string> = {
  address_not_in_package: 'this package is not served on the address you connected to',
  quota_exhausted: 'the traffic quota of this package is used up',
  connection_limit: 'too many open connections for this package',
  traffic_unavailable: 'the traffic of this package cannot be checked right now; try again shortly',
};

/** The log's side of a refusal the operator may be asked about (the client reads its code). */
const logRefusal = (
  ctx: ProxyContext,
  refusal: AdmissionRefusal,
  entry: PackageEntry,
  arrivedOn: string | null,
) => {
  if (refusal === 'address_not_in_package')
    ctx.log.info(
      { packageId: entry.id, address: arrivedOn, refusal },
      'a package was used on an ISP address it does not hold',
    );
};

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
  const refusal = admissionRefusal(ctx, authorized, arrivedOn);
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
