import http from 'node:http';
import type net from 'node:net';
import type { Duplex } from 'node:stream';
import type { Authorized, ClientAddress, RequestAuthentication } from '../auth/authenticate.ts';
import { isPrivateAddress } from '../exits/destination-guard.ts';
import { ExitAttempts, retryExit } from '../exits/exit-attempts.ts';
import {
  connectThroughExit,
  ExitError,
  familyOfExit,
  toExitError,
  upstreamBasicAuth,
} from '../exits/exit-connect.ts';
import { exitRefusal, type ExitRefusal } from '../exits/exit-refusal.ts';
import type { Exit, NoExit } from '../exits/exit-table.ts';
import type { LiveConnection } from '../limits/connection-registry.ts';
import {
  admissionRefusal,
  arrivalOf,
  counterFor,
  logRefusal,
  REFUSAL_HTTP_STATUS,
  REFUSAL_MESSAGE,
  trackConnection,
  untrackConnection,
  type ProxyContext,
} from '../proxy-context.ts';
import { connectDirectHandle } from '../exits/raw-connect.ts';
import { Deadlines } from '../tunnel/deadlines.ts';
import { openTunnel } from '../tunnel/open-tunnel.ts';
import type { RawConnection } from '../tunnel/raw-tunnel.ts';
import type { PeerAddress, TcpHandle } from '../tunnel/tcp-handle.ts';
import { UpstreamReads } from '../tunnel/upstream-reads.ts';
import { passWhole, relay } from '../tunnel/relay.ts';
import { parseConnectHead, type ConnectHead } from './connect-head.ts';
import { createFastForwarder } from './fast-forward.ts';
import { forwardableHeaders, headerBlockLength } from './headers.ts';
import { RawAcceptor } from './raw-accept.ts';
import { rawResponse } from './raw-response.ts';
import { parseAbsoluteHttpUrl, parseAuthority, type ForwardTarget } from './targets.ts';

const REALM = 'Basic realm="proxy"';
const EMPTY = Buffer.alloc(0);

// Listeners shared by every socket (no closure per connection).
function destroyOnError(this: net.Socket) {
  this.destroy();
}
function destroyOnTimeout(this: net.Socket) {
  this.destroy();
}
const CONNECT_ESTABLISHED = Buffer.from('HTTP/1.1 200 Connection Established\r\n\r\n');
const CONNECT_REFUSED_407 =
  `HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: ${REALM}\r\n` +
  'Content-Length: 0\r\nConnection: close\r\n\r\n';

/** Sockets kept open to origins between requests, per direct exit. */
const AGENT_OPTIONS: http.AgentOptions = {
  keepAlive: true,
  maxFreeSockets: 256,
  scheduling: 'lifo',
  // An idle pooled socket is closed after this (origins close theirs sooner or later anyway).
  timeout: 30_000,
};

const plainResponse = (
  res: http.ServerResponse,
  status: number,
  reason: string,
  message: string,
  extra: Record<string, string> = {},
) => {
  const body = `${message}\n`;
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Proxy-Error': reason,
    ...extra,
  });
  res.end(body);
};

/** A refusal (exit-refusal.ts) as an answer of Node's server. */
const refusalResponse = (res: http.ServerResponse, refusal: ExitRefusal) =>
  plainResponse(res, refusal.status, refusal.code, refusal.message);

/** A refusal written straight to the socket (CONNECT, adopted connections). */
const rawRefusal = (socket: Duplex, refusal: ExitRefusal) =>
  rawResponse(socket, refusal.status, refusal.code, refusal.message);

/**
 * The HTTP proxy: absolute-URI requests (forwarded with keep-alive to the origin) and CONNECT
 * tunnels, both behind `Proxy-Authorization: Basic`. Every request is authenticated and
 * attributed on its own, even on a keep-alive connection that changes credentials. A refusal
 * (407) counts nothing. Node's parser enforces the head size (431) and the head timeout
 * (slow clients, 408).
 */
export const createHttpProxyServer = (
  ctx: ProxyContext,
  authenticate: RequestAuthentication = (socket, header, now) =>
    ctx.authenticator.authenticate(socket, header, now),
): HttpProxyServer => {
  const { config } = ctx;
  const agents = new WeakMap<Exit, http.Agent>();
  const agentFor = (exit: Exit) => {
    let agent = agents.get(exit);
    if (!agent) {
      agent = new http.Agent(AGENT_OPTIONS);
      agents.set(exit, agent);
    }
    return agent;
  };

  const server = http.createServer({
    maxHeaderSize: config.GATEWAY_MAX_HEADER_BYTES,
    headersTimeout: config.GATEWAY_HANDSHAKE_TIMEOUT_MS,
    // Bodies may be long uploads: idleness (server.timeout) bounds them, not a total time.
    requestTimeout: 0,
    keepAliveTimeout: 30_000,
    connectionsCheckingInterval: Math.min(1_000, config.GATEWAY_HANDSHAKE_TIMEOUT_MS),
    noDelay: true,
  });
  server.timeout = config.GATEWAY_IDLE_TIMEOUT_MS;

  const refuse = (authorized: Authorized, why: ExitError | NoExit) =>
    exitRefusal(ctx.log, authorized, why);
  const noExit = (authorized: Authorized) =>
    refuse(authorized, ctx.exits.whyNone(authorized.entry, authorized.targeting));

  /**
   * An absolute-URI request through `exit`. A failed connect (nothing sent or read yet) goes
   * again through another exit serving the targeting, within the connect timeout
   * (`attempts`, made at the first failure).
   */
  const forward = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    authorized: Authorized,
    target: ForwardTarget,
    exit: Exit,
    attempts: ExitAttempts | null = null,
  ) => {
    const { entry } = authorized;
    const startedAt = Date.now();
    if (
      exit.kind === 'direct' &&
      !config.GATEWAY_ALLOW_PRIVATE_DESTINATIONS &&
      isPrivateAddress(target.host)
    ) {
      const blocked = new ExitError('blocked', `destination ${target.host} is not allowed`);
      blocked.exit = exit;
      refusalResponse(res, refuse(authorized, blocked));
      return;
    }
    const counter = counterFor(ctx, entry.id);
    const headers = forwardableHeaders(req.rawHeaders, target.authority);
    const options: http.RequestOptions = {
      host: target.host,
      port: target.port,
      method: req.method,
      path: target.path,
      headers,
      setHost: false,
    };
    if (exit.kind === 'direct') {
      options.agent = agentFor(exit);
      options.localAddress = exit.localAddress;
      options.family = familyOfExit(exit);
      options.lookup = ctx.lookup;
    } else if (exit.kind === 'http') {
      // An upstream HTTP proxy takes the absolute-URI request itself, as proxies do (RFC 9112
      // 3.2.2), with its own Proxy-Authorization, on kept-alive connections per exit: no
      // CONNECT, so an upstream that tunnels only to port 443 carries plain HTTP too.
      options.host = exit.upstreamHost ?? '';
      options.port = exit.upstreamPort ?? 0;
      options.path = `http://${target.authority}${target.path}`;
      options.agent = agentFor(exit);
      if (exit.usernameTemplate !== null)
        headers.push('Proxy-Authorization', upstreamBasicAuth(exit, authorized.targeting));
    } else {
      // Upstream SOCKS5 proxies: the request travels in a tunnel through them (no pooling).
      options.createConnection = (_opts, created) => {
        connectThroughExit(
          exit,
          target.host,
          target.port,
          authorized.targeting,
          attempts === null ? ctx.connectOptions : attempts.options(ctx.connectOptions, startedAt),
        ).then(
          (socket) => created(null, socket),
          (error: unknown) => created(error as Error, undefined as unknown as Duplex),
        );
        return undefined;
      };
    }
    const upstream = http.request(options);
    const live: LiveConnection = {
      close: () => {
        upstream.destroy();
        res.destroy();
      },
    };
    trackConnection(ctx, authorized, live);
    let isRetried = false;
    // 'close' comes once: `on` spares the once-wrapper per request.
    res.on('close', () => {
      untrackConnection(ctx, authorized, live);
      if (!res.writableFinished && !isRetried) upstream.destroy();
    });
    upstream.setTimeout(
      attempts === null ? config.GATEWAY_CONNECT_TIMEOUT_MS : attempts.deadline - startedAt,
      () => {
        upstream.destroy(new ExitError('timeout', `${target.authority}: no answer`));
      },
    );

    const gates = ctx.limits.gatesFor(entry);
    // Connected: the request may not go again through another exit from here.
    let isConnected = false;
    // The head is spent from the package's limits and counted once, whichever exit carries it
    // in the end; nothing of the request goes before that.
    let isHeadPassed = false;
    // A request without a body (no Content-Length, no Transfer-Encoding: RFC 9112 6.3) is
    // complete with its head: it goes at once, without a relay for a body that cannot come.
    // A body is relayed once connected, so that a failed connect leaves it unread for a retry.
    const hasBody =
      req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    const send = () => {
      if (!isHeadPassed || (hasBody && !isConnected)) return;
      if (hasBody) relay(req, upstream, counter, true, gates.up, () => upstream.end());
      else upstream.end();
    };
    const connected = () => {
      isConnected = true;
      send();
    };
    upstream.once('socket', (socket: net.Socket) => {
      if (socket.connecting) socket.once('connect', connected);
      else connected();
    });
    const headBytes =
      attempts === null
        ? (req.method?.length ?? 0) + target.path.length + 11 + headerBlockLength(headers)
        : 0;
    passWhole(gates.up, headBytes, () => {
      if (counter) counter.up += headBytes;
      isHeadPassed = true;
      send();
    });

    upstream.on('response', (response) => {
      // The connect timeout covered the wait for a head; the body is bounded by idleness.
      upstream.setTimeout(config.GATEWAY_IDLE_TIMEOUT_MS);
      const status = response.statusCode ?? 502;
      // The upstream refusing OUR credentials is the exit's failure, not the customer's: a 407
      // passed on would make the client retry its own (correct) password.
      if (status === 407 && exit.kind === 'http') {
        response.resume();
        const refused = new ExitError('upstream', `upstream ${exit.name} refused its credentials`);
        refused.exit = exit;
        refusalResponse(res, refuse(authorized, refused));
        return;
      }
      const responseHeaders = forwardableHeaders(response.rawHeaders);
      const message = response.statusMessage ?? '';
      const answerHeadBytes =
        13 + String(status).length + message.length + headerBlockLength(responseHeaders);
      response.on('error', () => res.destroy());
      passWhole(gates.down, answerHeadBytes, () => {
        if (counter) counter.down += answerHeadBytes;
        res.writeHead(status, message, responseHeaders);
        relay(response, res, counter, false, gates.down, () => res.end());
      });
    });
    upstream.on('error', (error) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const failure = toExitError(error);
      failure.exit ??= exit;
      if (!isConnected && !res.destroyed) {
        const tries =
          attempts ?? new ExitAttempts(exit, startedAt, config.GATEWAY_CONNECT_TIMEOUT_MS);
        const next = retryExit(ctx, authorized, tries, failure);
        if (next !== null) {
          isRetried = true;
          untrackConnection(ctx, authorized, live);
          forward(req, res, authorized, target, next, tries);
          return;
        }
      }
      refusalResponse(res, refuse(authorized, failure));
    });
  };

  /** Exits the fast path picked for the request it handed over (see the request handler). */
  const pickedExits = new WeakMap<net.Socket, Exit>();

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const now = Date.now();
    const authorized = authenticate(req.socket, req.headers['proxy-authorization'], now);
    if (!authorized) {
      plainResponse(res, 407, 'auth', 'proxy authentication required', {
        'Proxy-Authenticate': REALM,
      });
      return;
    }
    const arrivedOn = arrivalOf(ctx, req.socket);
    const refusal = admissionRefusal(ctx, authorized.entry, arrivedOn);
    if (refusal) {
      logRefusal(ctx, refusal, authorized.entry, arrivedOn);
      plainResponse(res, REFUSAL_HTTP_STATUS[refusal], refusal, REFUSAL_MESSAGE[refusal]);
      return;
    }
    const target = req.url === undefined ? null : parseAbsoluteHttpUrl(req.url);
    if (!target) {
      plainResponse(
        res,
        400,
        'bad_request',
        'send http:// absolute-URI requests, or CONNECT for https',
      );
      return;
    }
    // The fast path may have picked the exit of this request already (it handed it over for an
    // upstream proxy exit): picks rotate, so the request keeps that one.
    const picked = pickedExits.get(req.socket);
    if (picked) pickedExits.delete(req.socket);
    const exit = picked ?? ctx.exits.pick(authorized.entry, authorized.targeting, now, arrivedOn);
    if (!exit) {
      refusalResponse(res, noExit(authorized));
      return;
    }
    forward(req, res, authorized, target, exit);
  });

  /** A CONNECT head read (by Node's parser or the fast path below): open the tunnel. */
  const connect = (
    socket: net.Socket,
    url: string | undefined,
    authorization: string | undefined,
    head: Buffer,
    picked: Exit | null = null,
    attempts: ExitAttempts | null = null,
  ) => {
    const now = Date.now();
    const authorized = authenticate(socket, authorization, now);
    if (!authorized) {
      socket.end(CONNECT_REFUSED_407);
      return;
    }
    const arrivedOn = arrivalOf(ctx, socket);
    const refusal = admissionRefusal(ctx, authorized.entry, arrivedOn);
    if (refusal) {
      logRefusal(ctx, refusal, authorized.entry, arrivedOn);
      rawResponse(socket, REFUSAL_HTTP_STATUS[refusal], refusal, REFUSAL_MESSAGE[refusal]);
      return;
    }
    const target = url === undefined ? null : parseAuthority(url, null);
    if (!target) {
      rawResponse(socket, 400, 'bad_request', 'CONNECT needs host:port');
      return;
    }
    const exit = picked ?? ctx.exits.pick(authorized.entry, authorized.targeting, now, arrivedOn);
    if (!exit) {
      rawRefusal(socket, noExit(authorized));
      return;
    }
    socket.setTimeout(config.GATEWAY_CONNECT_TIMEOUT_MS + 1_000);
    openTunnel(ctx, {
      client: socket,
      authorized,
      exit,
      host: target.host,
      port: target.port,
      early: head,
      established: CONNECT_ESTABLISHED,
      attempts,
      onFailure: (failure) => rawRefusal(socket, refuse(authorized, failure)),
    });
  };

  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    const socket = client as net.Socket;
    // The HTTP server let go of the socket: its errors and bytes are ours from here.
    socket.pause();
    socket.on('error', destroyOnError);
    socket.on('timeout', destroyOnTimeout);
    connect(socket, req.url, req.headers['proxy-authorization'], head);
  });

  // The CONNECT fast path: the first chunk of a new connection is looked at before Node's HTTP
  // server sets up its parser and request objects for it. A complete, plain CONNECT head is
  // answered here (the tunnel needs none of that machinery); anything else goes back to the
  // HTTP server, byte for byte, as if it had read the socket from the start.
  const nodeConnectionListeners = server.listeners('connection') as ((
    socket: net.Socket,
  ) => void)[];
  server.removeAllListeners('connection');
  const handOver = (socket: net.Socket, bytes: Buffer, exit: Exit | null = null) => {
    if (exit !== null) pickedExits.set(socket, exit);
    socket.off('timeout', destroyOnTimeout);
    socket.off('error', destroyOnError);
    if (bytes.length > 0) socket.unshift(bytes);
    for (const listener of nodeConnectionListeners) listener.call(server, socket);
    socket.resume();
  };
  // Ordinary GET and HEAD requests skip Node's server and client too (fast-forward.ts).
  const fast = createFastForwarder(ctx, authenticate, handOver);
  server.on('close', fast.close);
  server.on('connection', (socket: net.Socket) => {
    socket.on('error', destroyOnError);
    socket.on('timeout', destroyOnTimeout);
    socket.setTimeout(config.GATEWAY_HANDSHAKE_TIMEOUT_MS);
    const adopted = raw.takeAdoption();
    if (adopted !== null) {
      adopted(socket);
      return;
    }
    // A client that ends its side before sending anything will send nothing: it goes now, not
    // at the handshake timeout (the port is half-open capable).
    const onEndFirst = () => socket.destroy();
    const onFirst = (chunk: Buffer) => {
      socket.off('data', onFirst);
      socket.off('end', onEndFirst);
      socket.pause();
      const head = parseConnectHead(chunk, config.GATEWAY_MAX_HEADER_BYTES);
      if (head === null) {
        fast.take(socket, chunk);
        return;
      }
      connect(
        socket,
        head.target,
        head.authorization,
        head.length === chunk.length ? EMPTY : chunk.subarray(head.length),
      );
    };
    socket.on('data', onFirst);
    socket.once('end', onEndFirst);
  });

  // CONNECT on TCP handles (decision 153): the listening port's connections are accepted as
  // handles; an ordinary tunnel through a direct exit never becomes a net.Socket. Everything
  // else (other requests, refusals, upstream proxy exits, failed connects) is adopted as the
  // socket Node would have made and answered by the code above.
  const raw = new RawAcceptor({
    isEnabled: config.GATEWAY_TRANSPORT === 'handles',
    deadlines: new Deadlines(deadlineInterval(config)),
    handshakeTimeoutMs: config.GATEWAY_HANDSHAKE_TIMEOUT_MS,
    first: (connection, chunk) => {
      const head = parseConnectHead(chunk, config.GATEWAY_MAX_HEADER_BYTES);
      if (head === null) {
        raw.adopt(connection, (socket) => fast.take(socket, chunk));
        return;
      }
      const early = head.length === chunk.length ? EMPTY : chunk.subarray(head.length);
      const now = Date.now();
      const address = new HandleAddress(connection.client);
      const authorized = authenticate(address, head.authorization, now);
      const arrivedOn = authorized === null ? null : arrivalOf(ctx, address);
      const target =
        authorized === null || admissionRefusal(ctx, authorized.entry, arrivedOn) !== null
          ? null
          : parseAuthority(head.target, null);
      const exit =
        authorized === null || target === null
          ? null
          : ctx.exits.pick(authorized.entry, authorized.targeting, now, arrivedOn);
      if (authorized === null || target === null || exit === null || exit.kind !== 'direct') {
        raw.adopt(connection, (socket) =>
          connect(socket, head.target, head.authorization, early, exit),
        );
        return;
      }
      tunnelOnHandles(connection, authorized, exit, target.host, target.port, early, head);
    },
    onClosed: (connection) => {
      if (connection.authorized !== null) untrackConnection(ctx, connection.authorized, connection);
    },
  });
  server.on('listening', () => raw.install(server));

  /**
   * A CONNECT through a direct exit on TCP handles. A failed connect tries another exit serving
   * the targeting within the connect timeout: a direct one here again, an upstream proxy on the
   * socket path (the connection adopted, its tries handed on).
   */
  const tunnelOnHandles = (
    connection: RawConnection,
    authorized: Authorized,
    exit: Exit,
    host: string,
    port: number,
    early: Buffer,
    head: ConnectHead,
    attempts: ExitAttempts | null = null,
  ) => {
    connection.authorized = authorized;
    // While it connects the client counts as the package's (and list's) connection.
    trackConnection(ctx, authorized, connection);
    const startedAt = Date.now();
    const options =
      attempts === null ? ctx.connectOptions : attempts.options(ctx.connectOptions, startedAt);
    connectDirectHandle(exit, host, port, options, raw.deadlines, (error, upstream) => {
      if (error !== null) {
        untrackConnection(ctx, authorized, connection);
        connection.authorized = null;
        error.exit ??= exit;
        const tries =
          attempts ?? new ExitAttempts(exit, startedAt, config.GATEWAY_CONNECT_TIMEOUT_MS);
        const next = connection.isClosed ? null : retryExit(ctx, authorized, tries, error);
        if (next !== null && next.kind === 'direct') {
          tunnelOnHandles(connection, authorized, next, host, port, early, head, tries);
          return;
        }
        raw.adopt(connection, (socket) => {
          if (next === null) rawRefusal(socket, refuse(authorized, error));
          else connect(socket, head.target, head.authorization, early, next, tries);
        });
        return;
      }
      const far = upstream as TcpHandle;
      // The client left, or the package or list was revoked, while it connected.
      if (connection.isClosed || !ctx.authenticator.isCurrent(authorized, Date.now())) {
        far.close();
        connection.close();
        return;
      }
      const gates = ctx.limits.gatesFor(authorized.entry);
      connection.startTunnel({
        upstream: far,
        reads: new UpstreamReads(),
        counter: counterFor(ctx, authorized.entry.id),
        upGate: gates.up,
        downGate: gates.down,
        idleTimeoutMs: config.GATEWAY_IDLE_TIMEOUT_MS,
        established: CONNECT_ESTABLISHED,
        early,
      });
    });
  };

  return Object.assign(server, { raw });
};

/** The HTTP proxy's server, and its connections on TCP handles. */
export type HttpProxyServer = http.Server & { readonly raw: RawAcceptor };

/** Handle timeouts fire up to one sweep late: a tenth of the shortest, within 25 ms to 1 s. */
const deadlineInterval = (config: ProxyContext['config']) =>
  Math.min(
    1_000,
    Math.max(
      25,
      Math.min(
        config.GATEWAY_HANDSHAKE_TIMEOUT_MS,
        config.GATEWAY_CONNECT_TIMEOUT_MS,
        config.GATEWAY_IDLE_TIMEOUT_MS,
      ) / 10,
    ),
  );

/** A client handle's addresses, asked of the kernel only if authentication needs them. */
class HandleAddress implements ClientAddress {
  readonly #handle: TcpHandle;
  constructor(handle: TcpHandle) {
    this.#handle = handle;
  }
  get remoteAddress(): string | undefined {
    const out: PeerAddress = {};
    return this.#handle.getpeername(out) === 0 ? out.address : undefined;
  }
  get localAddress(): string | undefined {
    const out: PeerAddress = {};
    return this.#handle.getsockname(out) === 0 ? out.address : undefined;
  }
}
