import type net from 'node:net';
import type { Authorized } from '../auth/authenticate.ts';
import { connectThroughExits } from '../exits/exit-attempts.ts';
import { toExitError } from '../exits/exit-connect.ts';
import { exitRefusal } from '../exits/exit-refusal.ts';
import type { Exit } from '../exits/exit-table.ts';
import type { LiveConnection } from '../limits/connection-registry.ts';
import { counterFor, untrackConnection, type ProxyContext } from '../proxy-context.ts';
import { endSink, passWhole, relay } from '../tunnel/relay.ts';
import { UpstreamReads } from '../tunnel/upstream-reads.ts';
import type { Refusal } from './admit.ts';

/** A CONNECT or SOCKS5 request, its head or handshake read and its package known. */
export type TunnelRequest = {
  readonly kind: 'tunnel';
  readonly protocol: 'http' | 'socks5';
  /** The client's socket, paused by its front end (its bytes wait for the tunnel). */
  readonly client: net.Socket;
  readonly authorized: Authorized;
  readonly host: string;
  readonly port: number;
  /** Bytes the client sent after its request, before our answer. */
  readonly early: Buffer;
  /** The answer that opens the tunnel (HTTP 200 Connection Established, SOCKS reply 0x00). */
  readonly established: Buffer;
  /** Answers the client that no tunnel comes, in its protocol, and lets it go. */
  readonly refuse: (refusal: Refusal) => void;
};

/**
 * The tunnel a socket belongs to, kept on the socket: its 'error', 'close' and 'timeout'
 * listeners are one function each for every tunnel (`this` is the emitting socket), so an idle
 * tunnel holds its two sockets, two relay states and this object, and no closure per event.
 */
const TUNNEL_OF = Symbol('tunnel.of');
type TunnelSocket = net.Socket & { [TUNNEL_OF]?: Tunnel };

function closeTunnelOf(this: TunnelSocket) {
  this[TUNNEL_OF]?.close();
}

/**
 * One tunnel from its admission to its close: connect through the exit (another serving the
 * same targeting if it fails: exit-attempts.ts), then relay both ways (relay.ts: counted per
 * chunk, no copies, gated by the package's limits; the upstream read in large buffers,
 * upstream-reads.ts). A half-close is passed on (FIN one way, the other way still flows), so
 * protocols that shut down their sending side keep working. It is one entry in the connection
 * registry all along (`close`: the package or list was cut): while it connects, while the
 * client's early bytes wait for the package's limits, while it relays. An upstream that arrives
 * after the client left, or after the package or list was revoked, is dropped.
 */
export class Tunnel implements LiveConnection {
  readonly #ctx: ProxyContext;
  readonly #client: net.Socket;
  readonly #authorized: Authorized;
  /** Until the tunnel is established: what it was asked for (then let go, with its buffers). */
  #request: TunnelRequest | null;
  #upstream: net.Socket | null = null;
  #reads: UpstreamReads | null = null;
  #isClosed = false;

  constructor(ctx: ProxyContext, request: TunnelRequest) {
    this.#ctx = ctx;
    this.#request = request;
    this.#client = request.client;
    this.#authorized = request.authorized;
    (this.#client as TunnelSocket)[TUNNEL_OF] = this;
    this.#client.on('close', closeTunnelOf);
  }

  start(exit: Exit) {
    const ctx = this.#ctx;
    const request = this.#request;
    if (request === null) return;
    const authorized = this.#authorized;
    // Direct exits read the far end through large buffers (upstream-reads.ts); proxies' sockets
    // come from their own connectors and use 'data' events.
    let directReads: UpstreamReads | null = null;
    connectThroughExits(ctx, authorized, exit, request.host, request.port, (next) =>
      next.kind === 'direct' ? (directReads ??= new UpstreamReads()) : null,
    ).then(
      ({ socket, reads }) => {
        this.#upstream = socket;
        this.#reads = reads;
        if (this.#isClosed || !ctx.authenticator.isCurrent(authorized, Date.now())) this.close();
        else this.#established(request);
      },
      (error: unknown) => {
        directReads?.release();
        if (this.#isClosed || this.#client.destroyed) return;
        request.refuse(exitRefusal(ctx.log, authorized, toExitError(error)));
      },
    );
  }

  #established(request: TunnelRequest) {
    this.#request = null;
    const client = this.#client;
    client.write(request.established);
    const early = request.early;
    if (early.length === 0) return this.#relay();
    // Bytes the client sent with its request go first, spent from the package's limits like
    // the rest (the client may have ended its side after them, so they are not read again).
    passWhole(this.#ctx.limits.gatesFor(this.#authorized).up, early.length, () => {
      if (this.#isClosed) return;
      const counter = counterFor(this.#ctx, this.#authorized);
      if (counter) counter.up += early.length;
      this.#upstream?.write(early);
      this.#relay();
    });
  }

  #relay() {
    const client = this.#client;
    const upstream = this.#upstream as TunnelSocket;
    const counter = counterFor(this.#ctx, this.#authorized);
    const gates = this.#ctx.limits.gatesFor(this.#authorized);
    upstream[TUNNEL_OF] = this;
    relay(client, upstream, counter, true, gates.up, endSink);
    relay(upstream, client, counter, false, gates.down, endSink, this.#reads);
    // A client may send its FIN with its first bytes, before the tunnel exists (the HTTP server
    // read it while parsing CONNECT): pass it on now, or the origin waits until the idle timeout.
    if (client.readableEnded) upstream.end();
    client.on('error', closeTunnelOf);
    upstream.on('error', closeTunnelOf);
    upstream.on('close', closeTunnelOf);
    // Any byte read or written on the client side (so either direction) restarts the clock.
    client.setTimeout(this.#ctx.config.GATEWAY_IDLE_TIMEOUT_MS);
    client.on('timeout', closeTunnelOf);
    // The front end paused the client while connecting: bytes that arrived meanwhile flow now
    // (the upstream flows since its 'data' listener, unless its connector paused it).
    client.resume();
    // UpstreamReads resumed the upstream at attach, unless a write of its bytes is still pending.
    if (this.#reads === null) upstream.resume();
  }

  close() {
    if (this.#isClosed) return;
    this.#isClosed = true;
    this.#client.destroy();
    this.#upstream?.destroy();
    this.#reads?.release();
    untrackConnection(this.#ctx, this.#authorized, this);
  }
}
