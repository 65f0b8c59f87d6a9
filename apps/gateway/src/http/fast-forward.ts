import type net from 'node:net';
import type { Authorized, RequestAuthentication } from '../auth/authenticate.ts';
import { isPrivateAddress } from '../exits/destination-guard.ts';
import { connectThroughExits } from '../exits/exit-attempts.ts';
import { ExitError, toExitError } from '../exits/exit-connect.ts';
import { exitRefusal } from '../exits/exit-refusal.ts';
import type { Exit } from '../exits/exit-table.ts';
import type { LiveConnection } from '../limits/connection-registry.ts';
import type { UsageCounter } from '../metering/usage-meter.ts';
import {
  admissionRefusal,
  arrivalOf,
  counterFor,
  trackConnection,
  untrackConnection,
  type ProxyContext,
} from '../proxy-context.ts';
import { feedRelay, passWhole } from '../tunnel/relay.ts';
import { UpstreamReads } from '../tunnel/upstream-reads.ts';
import { BodyFraming } from './body-framing.ts';
import { HEAD_END } from './head-lines.ts';
import {
  originRequestHead,
  parseForwardHead,
  parseResponseHead,
  type ForwardHead,
} from './forward-head.ts';
import { rawResponse } from './raw-response.ts';
import { parseAbsoluteHttpUrl } from './targets.ts';

/**
 * The forwarding fast path (decision 151). Node's HTTP server and client cost most of a small
 * proxied request: a parser, IncomingMessage, ServerResponse and ClientRequest per request, and
 * the body re-chunked on the way. For the ordinary request (forward-head.ts: GET or HEAD, no
 * body, a direct exit, a package allowed in) the gateway reads the heads itself, sends the
 * request on a kept-alive upstream connection, and passes the response on as it came, its
 * body's end found by its framing (body-framing.ts), through the same counted and gated relay
 * as tunnels. Any other request, at any request boundary of a connection, goes to Node's server
 * with every byte it sent, and the connection stays there: refusals, errors, uploads and
 * upstream proxies are answered by http-proxy.ts exactly as before.
 */

/** Idle upstream connections kept per exit and origin, and how long they stay. */
const POOL_MAX_PER_ORIGIN = 64;
const POOL_IDLE_MS = 30_000;
/** Between requests a client connection waits this long (Node's keepAliveTimeout here). */
const KEEP_ALIVE_MS = 30_000;
const MAX_RESPONSE_HEAD = 16 * 1024;
/** A body part up to this size goes out with its answer's head in one write (one system call). */
const COALESCED_BODY_BYTES = 16 * 1024;
const EMPTY = Buffer.alloc(0);

type Forwarder = {
  ctx: ProxyContext;
  authenticate: RequestAuthentication;
  /** `exit`: the one already picked for the request handed over (picks rotate: once only). */
  handOver: (socket: net.Socket, bytes: Buffer, exit: Exit | null) => void;
  pools: Map<string, UpstreamConnection[]>;
};

/** One upstream connection: in a pool between exchanges, owned by one exchange during it. */
class UpstreamConnection {
  readonly reads = new UpstreamReads();
  socket: net.Socket | null = null;
  exchange: Exchange | null = null;
  isReused = false;
  /** Released by an exchange whose last writes to its client still point into the buffer. */
  isWaitingForFlush = false;

  readonly forwarder: Forwarder;
  /** Its pool: exit, local address and origin (set once connected). */
  key: string;

  constructor(forwarder: Forwarder, key: string) {
    this.forwarder = forwarder;
    this.key = key;
  }

  attach(socket: net.Socket) {
    this.socket = socket;
    this.reads.attach((chunk) => this.onBytes(chunk), socket);
    socket.on('end', () => this.onEnd());
    socket.on('error', (error) => this.onFailure(error));
    socket.on('close', () => this.onClose());
    socket.on('timeout', () =>
      this.onFailure(new ExitError('timeout', 'the origin did not answer in time')),
    );
  }

  onBytes(chunk: Buffer): boolean {
    const exchange = this.exchange;
    if (exchange === null) {
      // An idle connection has nothing to say: whatever comes is a protocol error.
      this.destroy();
      return false;
    }
    const goOn = exchange.onBytes(chunk);
    if (this.exchange === exchange) return goOn;
    // The exchange ended in there: back in the pool (or already serving the next request) the
    // connection reads on, unless the client's writes of its last bytes are still pending.
    return this.socket !== null && !this.socket.destroyed && !this.isWaitingForFlush;
  }

  onEnd() {
    if (this.exchange !== null) this.exchange.onUpstreamEnd();
    else this.destroy();
  }

  onFailure(error: Error) {
    const exchange = this.exchange;
    this.destroy();
    exchange?.onUpstreamFailure(error);
  }

  onClose() {
    this.reads.release();
    removeFromPool(this.forwarder, this);
    const exchange = this.exchange;
    if (exchange !== null) exchange.onUpstreamFailure(new ExitError('upstream', 'closed early'));
  }

  destroy() {
    this.exchange = null;
    this.socket?.destroy();
  }
}

const removeFromPool = (forwarder: Forwarder, connection: UpstreamConnection) => {
  const pool = forwarder.pools.get(connection.key);
  const index = pool?.indexOf(connection) ?? -1;
  if (pool && index !== -1) pool.splice(index, 1);
};

/** The newest live idle connection to this origin through this exit, taken out of the pool. */
const takeFromPool = (forwarder: Forwarder, key: string): UpstreamConnection | null => {
  const pool = forwarder.pools.get(key);
  while (pool && pool.length > 0) {
    const connection = pool.pop() as UpstreamConnection;
    if (connection.socket && !connection.socket.destroyed) {
      connection.socket.ref();
      return connection;
    }
  }
  return null;
};

const returnToPool = (forwarder: Forwarder, connection: UpstreamConnection) => {
  const socket = connection.socket;
  if (socket === null || socket.destroyed) return;
  let pool = forwarder.pools.get(connection.key);
  if (!pool) {
    pool = [];
    forwarder.pools.set(connection.key, pool);
  }
  if (pool.length >= POOL_MAX_PER_ORIGIN) {
    connection.destroy();
    return;
  }
  connection.exchange = null;
  connection.isReused = true;
  socket.setTimeout(POOL_IDLE_MS);
  // An idle connection does not keep the process alive (a stopped gateway exits at once).
  socket.unref();
  pool.push(connection);
  // Paused if the last write of its bytes was pending: that write is done now.
  socket.resume();
};

/**
 * One request and its answer, from the request head to the last byte of the body. It is its
 * own entry in the connection registry (`close`: the package was cut).
 */
class Exchange implements LiveConnection {
  readonly counter: UsageCounter | null;
  upstream: UpstreamConnection | null = null;
  response: ReturnType<typeof parseResponseHead> = null;
  partialHead: Buffer | null = null;
  framing: BodyFraming | null = null;
  writer: ReturnType<typeof feedRelay> | null = null;
  hasRetried = false;
  /** The upstream connection may serve another request once this one is over. */
  isReusable = true;
  closesClient: boolean;
  isOver = false;

  readonly session: ClientSession;
  readonly authorized: Authorized;
  /** The exit picked, or the one a failed connect moved to. */
  exit: Exit;
  readonly head: ForwardHead;
  readonly host: string;
  readonly port: number;
  readonly requestHead: string;

  constructor(
    session: ClientSession,
    authorized: Authorized,
    exit: Exit,
    head: ForwardHead,
    host: string,
    port: number,
    requestHead: string,
  ) {
    this.session = session;
    this.authorized = authorized;
    this.exit = exit;
    this.head = head;
    this.host = host;
    this.port = port;
    this.requestHead = requestHead;
    const { ctx } = session.forwarder;
    this.counter = counterFor(ctx, authorized.entry.id);
    this.closesClient = head.wantsClose;
    trackConnection(ctx, authorized, this);
  }

  close() {
    this.abort();
  }

  get key() {
    return `${this.exit.id}|${this.exit.localAddress ?? ''}|${this.host}|${this.port}`;
  }

  start() {
    const pooled = takeFromPool(this.session.forwarder, this.key);
    if (pooled) this.send(pooled);
    else this.connect();
  }

  connect() {
    const { ctx } = this.session.forwarder;
    const connection = new UpstreamConnection(this.session.forwarder, this.key);
    // Another exit after a failed connect is a direct one too: this path reads only those.
    connectThroughExits(
      ctx,
      this.authorized,
      this.exit,
      this.host,
      this.port,
      () => connection.reads,
      { directOnly: true },
    ).then(
      ({ socket, exit }) => {
        if (exit !== this.exit) {
          this.exit = exit;
          connection.key = this.key;
        }
        connection.attach(socket);
        if (this.isOver) returnToPool(this.session.forwarder, connection);
        else this.send(connection);
      },
      (error: unknown) => this.fail(toExitError(error)),
    );
  }

  send(connection: UpstreamConnection) {
    const socket = connection.socket as net.Socket;
    this.upstream = connection;
    connection.exchange = this;
    // The connect timeout covers the wait for the answer's head; the body is bounded by idleness.
    const { ctx } = this.session.forwarder;
    socket.setTimeout(ctx.config.GATEWAY_CONNECT_TIMEOUT_MS);
    const gate = ctx.limits.gatesFor(this.authorized.entry).up;
    // Without a gate (most packages) the head goes at once: no callback made per request.
    if (gate === null) this.writeRequestHead(connection);
    else passWhole(gate, this.requestHead.length, () => this.writeRequestHead(connection));
  }

  /** The request head on to the origin, once the package's limits let it pass. */
  writeRequestHead(connection: UpstreamConnection) {
    if (this.isOver || this.upstream !== connection) return;
    if (this.counter) this.counter.up += this.requestHead.length;
    (connection.socket as net.Socket).write(this.requestHead, 'latin1');
  }

  onBytes(chunk: Buffer): boolean {
    if (this.framing === null) return this.onHeadBytes(chunk);
    return this.onBodyBytes(chunk);
  }

  onHeadBytes(chunk: Buffer): boolean {
    const data = this.partialHead === null ? chunk : Buffer.concat([this.partialHead, chunk]);
    const end = data.indexOf(HEAD_END);
    if (end === -1) {
      if (data.length > MAX_RESPONSE_HEAD)
        this.fail(new ExitError('upstream', `${this.host}: oversize answer head`));
      // Copied: the chunk may be a view of a read buffer that is refilled next.
      else this.partialHead = Buffer.from(data);
      return true;
    }
    this.partialHead = null;
    const response = parseResponseHead(data, end, this.head.method === 'HEAD');
    if (response === null) {
      this.fail(new ExitError('upstream', `${this.host}: malformed answer`));
      return false;
    }
    const client = this.session.socket;
    const rest = data.subarray(response.length);
    if (response.isInterim) {
      this.writeHead(`${response.forwarded}\r\n\r\n`);
      return rest.length === 0 || this.onHeadBytes(rest);
    }
    this.response = response;
    if (response.upstreamCloses) this.isReusable = false;
    if (response.framing.kind === 'close') this.closesClient = true;
    const head = Buffer.from(
      `${response.forwarded}${this.closesClient ? '\r\nConnection: close' : ''}\r\n\r\n`,
      'latin1',
    );
    const { ctx } = this.session.forwarder;
    this.upstream?.socket?.setTimeout(ctx.config.GATEWAY_IDLE_TIMEOUT_MS);
    this.framing = new BodyFraming(response.framing);
    const gates = ctx.limits.gatesFor(this.authorized.entry);
    this.writer = feedRelay(
      this.upstream?.socket as net.Socket,
      client,
      this.counter,
      gates.down,
      () => this.finish(),
    );
    return this.onBodyBytes(rest, head);
  }

  /** An interim (1xx) head, spent from the package's limits before the answer after it. */
  writeHead(text: string) {
    passWhole(
      this.session.forwarder.ctx.limits.gatesFor(this.authorized.entry).down,
      text.length,
      () => {
        if (this.counter) this.counter.down += text.length;
        this.session.socket.write(text, 'latin1');
      },
    );
  }

  /**
   * The body's bytes in `chunk` on to the client, after the answer's `head` when given: a small
   * answer goes out in one write (head and body together), a large one in two.
   */
  onBodyBytes(chunk: Buffer, head: Buffer | null = null): boolean {
    const framing = this.framing as BodyFraming;
    const writer = this.writer as ReturnType<typeof feedRelay>;
    const taken = chunk.length === 0 ? 0 : framing.consume(chunk);
    if (taken === -1) {
      this.isReusable = false;
      this.abort();
      return false;
    }
    // Bytes after the end of the body: the origin broke the protocol, its connection goes.
    if (taken < chunk.length) this.isReusable = false;
    const body = taken === chunk.length ? chunk : chunk.subarray(0, taken);
    let goOn: boolean;
    if (head === null) goOn = taken === 0 || writer.feed(body);
    else if (taken === 0) goOn = writer.feed(head);
    else if (taken <= COALESCED_BODY_BYTES) goOn = writer.feed(Buffer.concat([head, body]));
    else {
      const isHeadWritten = writer.feed(head);
      goOn = writer.feed(body) && isHeadWritten;
    }
    if (framing.done) writer.end();
    return goOn;
  }

  onUpstreamEnd() {
    // A body that runs until the origin closes ends here; anything else was cut short.
    if (this.framing !== null && this.response?.framing.kind === 'close') {
      this.isReusable = false;
      this.writer?.end();
      return;
    }
    this.onUpstreamFailure(
      new ExitError('upstream', `${this.host}: closed before its answer ended`),
    );
  }

  onUpstreamFailure(error: Error) {
    if (this.isOver) return;
    const connection = this.upstream;
    this.upstream = null;
    if (connection !== null) {
      connection.exchange = null;
      connection.destroy();
    }
    // A kept-alive connection the origin closed meanwhile: the request (GET or HEAD, safe to
    // repeat) goes again once on a new connection, as long as nothing of an answer came.
    if (
      connection?.isReused &&
      !this.hasRetried &&
      !(error instanceof ExitError && error.failure === 'timeout') &&
      this.framing === null &&
      this.partialHead === null
    ) {
      this.hasRetried = true;
      this.connect();
      return;
    }
    this.fail(toExitError(error));
  }

  /** No answer can come: the client learns why (a 502/504 like http-proxy.ts's) if nothing came yet. */
  fail(error: ExitError) {
    if (this.isOver) return;
    if (this.response !== null) {
      this.abort();
      return;
    }
    this.over();
    this.releaseUpstream(false);
    const client = this.session.socket;
    this.session.detach();
    error.exit ??= this.exit;
    const refusal = exitRefusal(this.session.forwarder.ctx.log, this.authorized, error);
    rawResponse(client, refusal.status, refusal.code, refusal.message);
  }

  /** The client left, or the package was cut: both ends close. */
  abort() {
    if (this.isOver) return;
    this.over();
    this.releaseUpstream(false);
    this.session.socket.destroy();
  }

  /** Everything of the answer went on (the relay's end). */
  finish() {
    if (this.isOver) return;
    this.over();
    this.releaseUpstream(this.isReusable);
    this.session.exchangeDone(this.closesClient);
  }

  over() {
    this.isOver = true;
    untrackConnection(this.session.forwarder.ctx, this.authorized, this);
  }

  releaseUpstream(isReusable: boolean) {
    const connection = this.upstream;
    this.upstream = null;
    if (connection === null) return;
    connection.exchange = null;
    if (!isReusable) {
      connection.destroy();
      return;
    }
    // The client's last writes may still point into the connection's read buffer: it reads
    // (for the next exchange) only once they are done.
    const client = this.session.socket;
    if (client.writableLength === 0) {
      returnToPool(this.session.forwarder, connection);
      return;
    }
    connection.isWaitingForFlush = true;
    client.write(EMPTY, (error) => {
      connection.isWaitingForFlush = false;
      if (error) connection.destroy();
      else returnToPool(this.session.forwarder, connection);
    });
  }
}

/** A client connection the fast path holds: requests one after another, each on its own. */
class ClientSession {
  pending: Buffer = EMPTY;
  exchange: Exchange | null = null;
  isClientEnded = false;
  /** When the head being read began (slow clients get the handshake timeout, as with Node). */
  headSince = 0;
  readonly onData: (chunk: Buffer) => void;
  readonly onEnd: () => void;
  readonly onClose: () => void;
  readonly forwarder: Forwarder;
  readonly socket: net.Socket;

  constructor(forwarder: Forwarder, socket: net.Socket) {
    this.forwarder = forwarder;
    this.socket = socket;
    this.onData = (chunk) => this.received(chunk);
    this.onEnd = () => this.clientEnded();
    this.onClose = () => this.exchange?.abort();
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onClose);
  }

  received(chunk: Buffer) {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    if (this.exchange === null) this.next();
    // A pipelined request waits for the answer before it; a client that floods meanwhile waits.
    else if (this.pending.length > this.forwarder.ctx.config.GATEWAY_MAX_HEADER_BYTES)
      this.socket.pause();
  }

  clientEnded() {
    this.isClientEnded = true;
    if (this.exchange === null) this.next();
  }

  next() {
    const { ctx } = this.forwarder;
    if (this.pending.length === 0) {
      this.headSince = 0;
      if (this.isClientEnded) this.socket.end();
      else this.socket.setTimeout(KEEP_ALIVE_MS);
      return;
    }
    const head = parseForwardHead(this.pending, ctx.config.GATEWAY_MAX_HEADER_BYTES);
    if (head === 'partial') {
      const now = Date.now();
      if (this.headSince === 0) this.headSince = now;
      const left = ctx.config.GATEWAY_HANDSHAKE_TIMEOUT_MS - (now - this.headSince);
      if (left <= 0 || this.isClientEnded) this.socket.destroy();
      else this.socket.setTimeout(left);
      return;
    }
    this.headSince = 0;
    if (head === null || !this.start(head)) this.handOver(null);
  }

  /** The exchange for a fast-path head, or false when Node's server should answer it. */
  start(head: ForwardHead): boolean {
    const { ctx, authenticate } = this.forwarder;
    const now = Date.now();
    const authorized = authenticate(this.socket, head.authorization, now);
    if (!authorized) return false;
    const arrivedOn = arrivalOf(ctx, this.socket);
    if (admissionRefusal(ctx, authorized.entry, arrivedOn) !== null) return false;
    const target = parseAbsoluteHttpUrl(head.url);
    if (!target) return false;
    if (!ctx.config.GATEWAY_ALLOW_PRIVATE_DESTINATIONS && isPrivateAddress(target.host))
      return false;
    const exit = ctx.exits.pick(authorized.entry, authorized.targeting, now, arrivedOn);
    if (!exit) return false;
    if (exit.kind !== 'direct') {
      this.handOver(exit);
      return true;
    }
    this.pending = this.pending.subarray(head.length);
    this.socket.setTimeout(ctx.config.GATEWAY_IDLE_TIMEOUT_MS);
    this.exchange = new Exchange(
      this,
      authorized,
      exit,
      head,
      target.host,
      target.port,
      originRequestHead(head, target.path, target.authority),
    );
    this.exchange.start();
    return true;
  }

  exchangeDone(closesClient: boolean) {
    this.exchange = null;
    if (closesClient) {
      this.detach();
      this.socket.end();
      return;
    }
    this.socket.resume();
    this.next();
  }

  /** The socket is no longer this session's (answered and closing, or handed to Node). */
  detach() {
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onClose);
  }

  handOver(exit: Exit | null) {
    this.detach();
    const bytes = this.pending;
    this.pending = EMPTY;
    this.forwarder.handOver(this.socket, bytes, exit);
  }
}

/**
 * The fast path of one HTTP proxy server: `take` is given a new connection's first chunk and
 * the socket (paused); it keeps the connection, or hands it to Node's server at once.
 */
export const createFastForwarder = (
  ctx: ProxyContext,
  authenticate: RequestAuthentication,
  handOver: Forwarder['handOver'],
) => {
  const forwarder: Forwarder = { ctx, authenticate, handOver, pools: new Map() };
  return {
    take: (socket: net.Socket, first: Buffer) => {
      const session = new ClientSession(forwarder, socket);
      session.received(first);
      if (!socket.destroyed) socket.resume();
    },
    /** Idle upstream connections, for shutdown. */
    close: () => {
      for (const pool of forwarder.pools.values())
        for (const connection of pool.splice(0)) connection.destroy();
    },
  };
};
