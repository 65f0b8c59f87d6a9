import http from 'node:http';
import type net from 'node:net';
import type { Duplex } from 'node:stream';
import { untargeted, type Authorized } from '../auth/authenticate.ts';
import { ExitAttempts, retryExit } from '../exits/exit-attempts.ts';
import {
  connectThroughExit,
  ExitError,
  toExitError,
  upstreamBasicAuth,
  type ConnectOptions,
} from '../exits/exit-connect.ts';
import { exitRefusal } from '../exits/exit-refusal.ts';
import type { Exit } from '../exits/exit-table.ts';
import { forwardableHeaders, headerBlockLength } from '../http/headers.ts';
import type { ForwardTarget } from '../http/targets.ts';
import type { LiveConnection } from '../limits/connection-registry.ts';
import { counterFor, untrackConnection, type ProxyContext } from '../proxy-context.ts';
import { passWhole, relay } from '../tunnel/relay.ts';
import type { Refusal } from './admit.ts';

/** An absolute-URI request as Node's HTTP server parsed it, its package known. */
export type ForwardRequest = {
  readonly kind: 'forward';
  readonly req: http.IncomingMessage;
  readonly res: http.ServerResponse;
  readonly authorized: Authorized;
  readonly target: ForwardTarget;
  /** Answers the client that its request is not carried (a plain-text error answer). */
  readonly refuse: (refusal: Refusal) => void;
};

/** Sockets kept open to origins between requests, per exit. */
const AGENT_OPTIONS: http.AgentOptions = {
  keepAlive: true,
  maxFreeSockets: 256,
  scheduling: 'lifo',
  // An idle pooled socket is closed after this (origins close theirs sooner or later anyway).
  timeout: 30_000,
};

/** Direct exits ignore the targeting (it names an upstream's exit): their agents connect alike. */
const DIRECT_TARGETING = untargeted('');

/**
 * A direct exit's pool of origin connections: Node's Agent (keep-alive, one pool per origin),
 * its new connections made by the direct exit's connector, which binds the exit's address and
 * refuses private destinations (exit-connect.ts, destination-guard.ts).
 */
class DirectExitAgent extends http.Agent {
  readonly #exit: Exit;
  readonly #connectOptions: ConnectOptions;

  constructor(exit: Exit, connectOptions: ConnectOptions) {
    super(AGENT_OPTIONS);
    this.#exit = exit;
    this.#connectOptions = connectOptions;
  }

  override createConnection(
    options: http.ClientRequestArgs,
    callback?: (error: Error | null, socket: Duplex) => void,
  ): Duplex | null | undefined {
    connectThroughExit(
      this.#exit,
      options.host ?? '',
      Number(options.port),
      DIRECT_TARGETING,
      this.#connectOptions,
    ).then(
      (socket) => callback?.(null, socket),
      (error: unknown) => callback?.(toExitError(error), undefined as unknown as Duplex),
    );
    return undefined;
  }
}

/**
 * The one pool of connections toward origins: an agent per exit (direct exits' own connections,
 * an upstream HTTP proxy's kept-alive ones). Upstream SOCKS5 exits carry each request in a
 * tunnel of its own, made for its login's targeting, so they have none.
 */
export class OriginPool {
  /** By exit id and local address (ISP addresses' exits share id 0): bounded by the inventory. */
  readonly #agents = new Map<string, { exit: Exit; agent: http.Agent }>();
  readonly #connectOptions: ConnectOptions;

  constructor(connectOptions: ConnectOptions) {
    this.#connectOptions = connectOptions;
  }

  agentFor(exit: Exit): http.Agent {
    const key = `${exit.id}|${exit.localAddress ?? ''}`;
    const held = this.#agents.get(key);
    if (held?.exit === exit) return held.agent;
    // An exit the operator changed is a new object with an agent of its own; the old agent's
    // requests run to their end and its idle sockets (unref'd by Node) close at its timeout.
    const agent =
      exit.kind === 'direct'
        ? new DirectExitAgent(exit, this.#connectOptions)
        : new http.Agent(AGENT_OPTIONS);
    this.#agents.set(key, { exit, agent });
    return agent;
  }

  close() {
    for (const { agent } of this.#agents.values()) agent.destroy();
    this.#agents.clear();
  }
}

/** `rawHeaders` (name, value, ...) as [name, value] pairs. */
const pairs = (raw: readonly string[]): [string, string][] => {
  const out: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i] as string, raw[i + 1] as string]);
  return out;
};

/** `rawHeaders` as an object (repeated names joined), for writeEarlyHints. */
const headerObject = (raw: readonly string[]): Record<string, string> => {
  const out: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const value = raw[i + 1] as string;
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
};

/** Methods that may be sent again when a kept-alive connection turns out closed (RFC 9110 9.2.2). */
const isIdempotentWithoutBody = (req: http.IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') &&
  req.headers['content-length'] === undefined &&
  req.headers['transfer-encoding'] === undefined;

/**
 * One forwarded request and its answer, parsed on both sides by Node (the server's and the
 * client's llhttp): sent through the exit on a kept-alive connection of the pool, the answer
 * passed on with the body counted and gated by the package's limits as in tunnels. It is one
 * entry in the connection registry until its answer ended or failed (`close`: the package or
 * list was cut). A failed connect (nothing sent or read yet) goes again through another exit
 * serving the targeting, within the connect timeout; a request without a body whose kept-alive
 * connection the origin had closed goes once more on a new one.
 */
export class ForwardExchange implements LiveConnection {
  readonly #ctx: ProxyContext;
  readonly #request: ForwardRequest;
  #upstream: http.ClientRequest | null = null;
  #attempts: ExitAttempts | null = null;
  #isHeadPassed = false;
  #hasResent = false;
  #isClosed = false;

  constructor(ctx: ProxyContext, request: ForwardRequest) {
    this.#ctx = ctx;
    this.#request = request;
    // 'close' comes once: `on` spares the once-wrapper per request.
    request.res.on('close', () => {
      if (!request.res.writableFinished) this.#upstream?.destroy();
      this.#closed();
    });
  }

  close() {
    this.#upstream?.destroy();
    this.#request.res.destroy();
    this.#closed();
  }

  #closed() {
    if (this.#isClosed) return;
    this.#isClosed = true;
    untrackConnection(this.#ctx, this.#request.authorized, this);
  }

  start(exit: Exit) {
    const ctx = this.#ctx;
    const { req, res, authorized, target } = this.#request;
    const startedAt = Date.now();
    const counter = counterFor(ctx, authorized);
    const headers = forwardableHeaders(req.rawHeaders, target.authority);
    const options: http.RequestOptions = {
      host: target.host,
      port: target.port,
      method: req.method,
      path: target.path,
      headers,
      setHost: false,
    };
    if (exit.kind === 'direct') options.agent = ctx.origins.agentFor(exit);
    else if (exit.kind === 'http') {
      // An upstream HTTP proxy takes the absolute-URI request itself, as proxies do (RFC 9112
      // 3.2.2), with its own Proxy-Authorization, on kept-alive connections per exit: no
      // CONNECT, so an upstream that tunnels only to port 443 carries plain HTTP too.
      options.host = exit.upstreamHost ?? '';
      options.port = exit.upstreamPort ?? 0;
      options.path = `http://${target.authority}${target.path}`;
      options.agent = ctx.origins.agentFor(exit);
      if (exit.usernameTemplate !== null)
        headers.push('Proxy-Authorization', upstreamBasicAuth(exit, authorized.targeting));
    } else {
      const attempts = this.#attempts;
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
    this.#upstream = upstream;
    const attempts = this.#attempts;
    upstream.setTimeout(
      attempts === null ? ctx.config.GATEWAY_CONNECT_TIMEOUT_MS : attempts.deadline - startedAt,
      () => upstream.destroy(new ExitError('timeout', `${target.authority}: no answer`)),
    );

    const gates = ctx.limits.gatesFor(authorized);
    // Connected: the request may not go again through another exit from here.
    let isConnected = false;
    // A request without a body (no Content-Length, no Transfer-Encoding: RFC 9112 6.3) is
    // complete with its head: it goes at once, without a relay for a body that cannot come.
    // A body is relayed once connected, so that a failed connect leaves it unread for a retry.
    const hasBody =
      req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    const send = () => {
      if (!this.#isHeadPassed || (hasBody && !isConnected)) return;
      if (hasBody) relay(req, upstream, counter, true, gates.up, () => upstream.end());
      else upstream.end();
    };
    upstream.once('socket', (socket: net.Socket) => {
      const connected = () => {
        isConnected = true;
        send();
      };
      if (socket.connecting) socket.once('connect', connected);
      else connected();
    });
    // The head is spent from the package's limits and counted once, whichever exit carries it
    // in the end; nothing of the request goes before that.
    if (this.#isHeadPassed) send();
    else {
      const headBytes =
        (req.method?.length ?? 0) + target.path.length + 11 + headerBlockLength(headers);
      passWhole(gates.up, headBytes, () => {
        if (counter) counter.up += headBytes;
        this.#isHeadPassed = true;
        send();
      });
    }

    // Interim answers Node's server can write on: early hints (103) and processing (102). A 100
    // Continue is the server's own to send (it answers `Expect: 100-continue` itself).
    upstream.on('information', (info) => {
      if (info.statusCode !== 103 && info.statusCode !== 102) return;
      const interimHeaders = forwardableHeaders(info.rawHeaders);
      const bytes = 17 + headerBlockLength(interimHeaders);
      passWhole(gates.down, bytes, () => {
        if (counter) counter.down += bytes;
        if (info.statusCode === 102) res.writeProcessing();
        else res.writeEarlyHints(headerObject(interimHeaders));
      });
    });
    upstream.on('response', (response) => {
      // The connect timeout covered the wait for a head; the body is bounded by idleness.
      upstream.setTimeout(ctx.config.GATEWAY_IDLE_TIMEOUT_MS);
      const status = response.statusCode ?? 502;
      // The upstream refusing OUR credentials is the exit's failure, not the customer's: a 407
      // passed on would make the client retry its own (correct) password.
      if (status === 407 && exit.kind === 'http') {
        response.resume();
        const refused = new ExitError('upstream', `upstream ${exit.name} refused its credentials`);
        refused.exit = exit;
        this.#request.refuse(exitRefusal(ctx.log, authorized, refused));
        return;
      }
      const responseHeaders = forwardableHeaders(response.rawHeaders);
      const message = response.statusMessage ?? '';
      const answerHeadBytes =
        13 + String(status).length + message.length + headerBlockLength(responseHeaders);
      response.on('error', () => res.destroy());
      passWhole(gates.down, answerHeadBytes, () => {
        if (counter) counter.down += answerHeadBytes;
        // The answer's own head goes on as the origin wrote it: no Date of ours is added.
        res.sendDate = false;
        res.writeHead(status, message, responseHeaders);
        relay(response, res, counter, false, gates.down, () => {
          // Trailers come after the body on chunked answers; Node's server writes them on.
          if (response.rawTrailers.length > 0) res.addTrailers(pairs(response.rawTrailers));
          res.end();
        });
      });
    });
    upstream.on('error', (error) => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      // A kept-alive connection the origin closed meanwhile (Node's documented case for
      // `reusedSocket`): a request without a body goes once more, on a new connection.
      if (
        upstream.reusedSocket &&
        !this.#hasResent &&
        isIdempotentWithoutBody(req) &&
        (error as NodeJS.ErrnoException).code === 'ECONNRESET'
      ) {
        this.#hasResent = true;
        this.start(exit);
        return;
      }
      const failure = toExitError(error);
      failure.exit ??= exit;
      if (!isConnected) {
        this.#attempts ??= new ExitAttempts(exit, startedAt, ctx.config.GATEWAY_CONNECT_TIMEOUT_MS);
        const next = retryExit(ctx, authorized, this.#attempts, failure);
        if (next !== null) {
          this.start(next);
          return;
        }
      }
      this.#request.refuse(exitRefusal(ctx.log, authorized, failure));
    });
  }
}
