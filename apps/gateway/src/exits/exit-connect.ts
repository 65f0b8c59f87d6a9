import net from 'node:net';
import { SocksClient } from 'socks';
import type { ProxyRefusalCode } from '@proxy/contract';
import type { Targeting } from '../auth/targeting.ts';
import { isPrivateAddress, type DestinationLookup } from './destination-guard.ts';
import type { Exit } from './exit-table.ts';
import type { UpstreamReads } from '../tunnel/upstream-reads.ts';

/**
 * Why a connection could not be opened, as the client is told (HTTP status, SOCKS reply): one of
 * the contract's refusal codes.
 */
export type ExitFailure = Extract<
  ProxyRefusalCode,
  | 'no_exit'
  | 'exit_unavailable'
  | 'blocked'
  | 'dns'
  | 'refused'
  | 'unreachable'
  | 'timeout'
  | 'upstream'
>;

/**
 * A failed connect. The message is the detail for the operator's log (it may name an exit or an
 * internal address): clients read only the failure (exit-refusal.ts).
 */
export class ExitError extends Error {
  readonly failure: ExitFailure;
  /** The exit it failed through, once known (the log names it). */
  exit: Exit | null = null;
  constructor(failure: ExitFailure, message: string, options?: ErrorOptions) {
    super(message, options);
    this.failure = failure;
  }
}

export const HTTP_STATUS_BY_FAILURE: Record<ExitFailure, number> = {
  no_exit: 502,
  exit_unavailable: 502,
  blocked: 403,
  dns: 502,
  refused: 502,
  unreachable: 502,
  timeout: 504,
  upstream: 502,
};

/** RFC 1928 replies: 0x02 not allowed, 0x03 network, 0x04 host unreachable, 0x05 refused. */
export const SOCKS_REPLY_BY_FAILURE: Record<ExitFailure, number> = {
  no_exit: 0x04,
  exit_unavailable: 0x04,
  blocked: 0x02,
  dns: 0x04,
  refused: 0x05,
  unreachable: 0x03,
  timeout: 0x04,
  upstream: 0x01,
};

const failureOf = (error: unknown): ExitFailure => {
  if (error instanceof ExitError) return error.failure;
  const code = (error as NodeJS.ErrnoException).code;
  // Node's HTTP client found the answer malformed (llhttp's HPE_ codes): the far end does not
  // speak HTTP as it must.
  if (code?.startsWith('HPE_')) return 'upstream';
  switch (code) {
    case 'EBLOCKED':
      return 'blocked';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NODATA':
    case 'EAI_FAIL':
      return 'dns';
    case 'ECONNREFUSED':
      return 'refused';
    case 'ETIMEDOUT':
      return 'timeout';
    default:
      return 'unreachable';
  }
};

/** The error as an ExitError (the client-facing reason), keeping the cause. */
export const toExitError = (error: unknown): ExitError =>
  error instanceof ExitError
    ? error
    : new ExitError(failureOf(error), (error as Error).message, { cause: error });

export type ConnectOptions = {
  timeoutMs: number;
  lookup: DestinationLookup;
  allowPrivate: boolean;
};

type Settle<T> = { ok: (value: T) => void; fail: (error: ExitError) => void };
type SocketListeners = Partial<
  Record<'connect' | 'readable' | 'end' | 'close', (chunk: Buffer) => void>
>;

/**
 * Waits until `listeners` (given the way to settle) resolve with `ok` or reject with `fail`; an
 * error event or `timeoutMs` without either fails too. Settling removes the listeners and the
 * timer; failing also destroys the socket.
 */
const settleOnSocket = <T>(
  socket: net.Socket,
  timeoutMs: number,
  timeoutError: () => ExitError,
  listen: (settle: Settle<T>) => SocketListeners,
) =>
  new Promise<T>((resolve, reject) => {
    const settle: Settle<T> = {
      ok: (value) => {
        cleanup();
        resolve(value);
      },
      fail: (error) => {
        cleanup();
        socket.destroy();
        reject(error);
      },
    };
    const listeners = Object.entries({
      ...listen(settle),
      error: (error: Error) => settle.fail(toExitError(error)),
    });
    const timer = setTimeout(() => settle.fail(timeoutError()), timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      for (const [event, listener] of listeners) socket.off(event, listener);
    };
    for (const [event, listener] of listeners) socket.on(event, listener);
  });

/** Resolves with the socket once connected; destroys it and rejects on error or timeout. */
const whenConnected = (socket: net.Socket, timeoutMs: number, what: string) =>
  settleOnSocket<net.Socket>(
    socket,
    timeoutMs,
    () => new ExitError('timeout', `${what}: no connection within ${timeoutMs} ms`),
    (settle) => ({ connect: () => settle.ok(socket) }),
  );

/** A direct exit refuses private destinations unless allowed (destination-guard.ts). */
const blockedDestination = (host: string, options: ConnectOptions): ExitError | null =>
  !options.allowPrivate && isPrivateAddress(host)
    ? new ExitError('blocked', `destination ${host} is not allowed`)
    : null;

/** A bound IPv4 address cannot reach an IPv6 destination: names resolve in the exit's family. */
export const familyOfExit = (exit: Exit): 0 | 4 | 6 =>
  exit.localAddress === undefined ? 0 : net.isIPv6(exit.localAddress) ? 6 : 4;

const connectDirect = (
  exit: Exit,
  host: string,
  port: number,
  options: ConnectOptions,
  reads: UpstreamReads | null,
) => {
  const blocked = blockedDestination(host, options);
  if (blocked !== null) return Promise.reject(blocked);
  const local = exit.localAddress;
  const socket = net.connect({
    host,
    port,
    localAddress: local,
    family: familyOfExit(exit),
    lookup: options.lookup,
    noDelay: true,
    allowHalfOpen: true,
    ...(reads === null ? {} : { onread: reads.onread }),
  });
  return new Promise<net.Socket>((resolve, reject) => {
    // A timer of its own, not the socket's: a socket keeps its cleared timer for life, and an
    // idle tunnel would hold it.
    const timer = setTimeout(
      () =>
        settle(
          new ExitError('timeout', `${host}:${port}: no connection within ${options.timeoutMs} ms`),
        ),
      options.timeoutMs,
    );
    const settle = (error: ExitError | null) => {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      socket.off('error', onError);
      if (error === null) {
        resolve(socket);
        return;
      }
      socket.destroy();
      reject(error);
    };
    const onConnect = () => settle(null);
    const onError = (error: Error) => settle(toExitError(error));
    socket.on('connect', onConnect);
    socket.on('error', onError);
  });
};

/** `{country}`, `{city}` and `{session}` of an upstream username template, from the login. */
export const upstreamUsername = (exit: Exit, targeting: Targeting): string =>
  (exit.usernameTemplate ?? '')
    .replaceAll('{country}', (targeting.country ?? '').toLowerCase())
    .replaceAll('{city}', targeting.city ?? '')
    .replaceAll('{session}', targeting.session ?? '');

/** The `Proxy-Authorization` value an upstream HTTP proxy gets for this login's targeting. */
export const upstreamBasicAuth = (exit: Exit, targeting: Targeting): string =>
  `Basic ${Buffer.from(`${upstreamUsername(exit, targeting)}:${exit.upstreamPassword ?? ''}`).toString('base64')}`;

const MAX_UPSTREAM_HEAD = 16 * 1024;

/** How a tunnel to host:port is opened through one kind of exit. */
type ExitConnector = (
  exit: Exit,
  host: string,
  port: number,
  targeting: Targeting,
  options: ConnectOptions,
  /** Only direct exits make the socket themselves and read it through these. */
  reads?: UpstreamReads | null,
) => Promise<net.Socket>;

/** The upstream proxy's own address, as an exit row stores it. */
const upstreamAddress = (exit: Exit) => ({
  host: exit.upstreamHost ?? '',
  port: exit.upstreamPort ?? 0,
});

/** CONNECT through an upstream HTTP proxy; resolves with the tunnel once it answered 2xx. */
const connectHttpUpstream: ExitConnector = async (exit, host, port, targeting, options) => {
  const socket = await whenConnected(
    net.connect({
      ...upstreamAddress(exit),
      noDelay: true,
      allowHalfOpen: true,
    }),
    options.timeoutMs,
    `upstream ${exit.name}`,
  );
  const authority = net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
  let head = `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n`;
  if (exit.usernameTemplate !== null)
    head += `Proxy-Authorization: ${upstreamBasicAuth(exit, targeting)}\r\n`;
  socket.write(`${head}\r\n`);
  let received = Buffer.alloc(0);
  // The answer is read with 'readable' and read(), never 'data': a 'data' listener would leave
  // the socket flowing, and the bytes after the head (unshifted below) would be emitted to no
  // listener at once. Once the 'readable' listener is gone the socket is as new: whoever takes
  // the tunnel starts it with a 'data' listener or resume() and gets those bytes first.
  return settleOnSocket<net.Socket>(
    socket,
    options.timeoutMs,
    () => new ExitError('timeout', `upstream ${exit.name}: no CONNECT answer`),
    (settle) => ({
      readable: () => {
        const next = () => socket.read() as Buffer | null;
        for (let chunk = next(); chunk !== null; chunk = next()) {
          received = Buffer.concat([received, chunk]);
          const end = received.indexOf('\r\n\r\n');
          if (end === -1) {
            if (received.length <= MAX_UPSTREAM_HEAD) continue;
            settle.fail(
              new ExitError('upstream', `upstream ${exit.name}: oversize CONNECT answer`),
            );
            return;
          }
          const status = /^HTTP\/1\.[01] (\d{3})/.exec(received.toString('latin1', 0, end));
          const code = status ? Number(status[1]) : 0;
          if (code < 200 || code > 299) {
            settle.fail(
              new ExitError(
                code === 502 || code === 504 ? 'unreachable' : 'upstream',
                `upstream ${exit.name} answered ${code || 'garbage'} to CONNECT`,
              ),
            );
            return;
          }
          settle.ok(socket);
          const rest = received.subarray(end + 4);
          if (rest.length > 0) socket.unshift(rest);
          return;
        }
      },
      // The socket allows half-open connections: an upstream that ends without answering is
      // seen at its 'end', not only at 'close'.
      end: () =>
        settle.fail(new ExitError('upstream', `upstream ${exit.name} closed before answering`)),
      close: () =>
        settle.fail(new ExitError('upstream', `upstream ${exit.name} closed before answering`)),
    }),
  );
};

const connectSocksUpstream: ExitConnector = async (exit, host, port, targeting, options) => {
  try {
    const { socket } = await SocksClient.createConnection({
      proxy: {
        ...upstreamAddress(exit),
        type: 5,
        ...(exit.usernameTemplate === null
          ? {}
          : {
              userId: upstreamUsername(exit, targeting),
              password: exit.upstreamPassword ?? '',
            }),
      },
      command: 'connect',
      destination: { host, port },
      timeout: options.timeoutMs,
    });
    socket.setNoDelay(true);
    return socket;
  } catch (error) {
    const message = (error as Error).message;
    const failure: ExitFailure = /Host unreachable|Network unreachable/i.test(message)
      ? 'unreachable'
      : /Connection refused/i.test(message)
        ? 'refused'
        : /timed? ?out/i.test(message)
          ? 'timeout'
          : 'upstream';
    throw new ExitError(failure, `upstream ${exit.name}: ${message}`, { cause: error });
  }
};

/** A connected socket to host:port through the exit (the tunnel's far end). */
export const connectThroughExit: ExitConnector = (
  exit,
  host,
  port,
  targeting,
  options,
  reads = null,
) => {
  switch (exit.kind) {
    case 'direct':
      return connectDirect(exit, host, port, options, reads);
    case 'http':
      return connectHttpUpstream(exit, host, port, targeting, options);
    case 'socks5':
      return connectSocksUpstream(exit, host, port, targeting, options);
  }
};
