import type net from 'node:net';
import type { Authorized } from '../auth/authenticate.ts';
import { connectThroughExits } from '../exits/exit-attempts.ts';
import { toExitError } from '../exits/exit-connect.ts';
import { exitRefusal } from '../exits/exit-refusal.ts';
import type { Exit } from '../exits/exit-table.ts';
import type { LiveConnection } from '../limits/connection-registry.ts';
import { counterFor, type ProxyContext } from '../proxy-context.ts';
import { pumpTunnel } from '../tunnel/pump.ts';
import { passWhole } from '../tunnel/relay.ts';
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
 * One tunnel from its admission to its close: connect through the exit (another serving the
 * same targeting if it fails: exit-attempts.ts), then relay both ways (pump.ts). It is one entry
 * in the connection registry all along (`close`: the package or list was cut): while it
 * connects, while the client's early bytes wait for the package's limits, while it relays.
 * An upstream that arrives after the client left, or after the package or list was revoked,
 * is dropped.
 */
export class Tunnel implements LiveConnection {
  readonly #ctx: ProxyContext;
  readonly #request: TunnelRequest;
  readonly #onClosed: () => void;
  #upstream: net.Socket | null = null;
  #reads: UpstreamReads | null = null;
  #isClosed = false;

  constructor(ctx: ProxyContext, request: TunnelRequest, onClosed: () => void) {
    this.#ctx = ctx;
    this.#request = request;
    this.#onClosed = onClosed;
    request.client.once('close', () => this.close());
  }

  start(exit: Exit) {
    const ctx = this.#ctx;
    const { client, authorized } = this.#request;
    // Direct exits read the far end through large buffers (upstream-reads.ts); proxies' sockets
    // come from their own connectors and use 'data' events.
    let directReads: UpstreamReads | null = null;
    connectThroughExits(ctx, authorized, exit, this.#request.host, this.#request.port, (next) =>
      next.kind === 'direct' ? (directReads ??= new UpstreamReads()) : null,
    ).then(
      ({ socket, reads }) => {
        this.#upstream = socket;
        this.#reads = reads;
        if (this.#isClosed || !ctx.authenticator.isCurrent(authorized, Date.now())) this.close();
        else this.#established();
      },
      (error: unknown) => {
        directReads?.release();
        if (this.#isClosed || client.destroyed) return;
        this.#request.refuse(exitRefusal(ctx.log, authorized, toExitError(error)));
      },
    );
  }

  #established() {
    const { client, authorized, early } = this.#request;
    const upstream = this.#upstream as net.Socket;
    client.write(this.#request.established);
    const counter = counterFor(this.#ctx, authorized);
    const gates = this.#ctx.limits.gatesFor(authorized);
    const relay = () =>
      pumpTunnel({
        client,
        upstream,
        upstreamReads: this.#reads,
        counter,
        upGate: gates.up,
        downGate: gates.down,
        idleTimeoutMs: this.#ctx.config.GATEWAY_IDLE_TIMEOUT_MS,
        onClose: () => this.close(),
      });
    if (early.length === 0) return relay();
    // Bytes the client sent with its request go first, spent from the package's limits like
    // the rest (the client may have ended its side after them, so they are not read again).
    passWhole(gates.up, early.length, () => {
      if (this.#isClosed) return;
      if (counter) counter.up += early.length;
      upstream.write(early);
      relay();
    });
  }

  close() {
    if (this.#isClosed) return;
    this.#isClosed = true;
    this.#request.client.destroy();
    this.#upstream?.destroy();
    this.#reads?.release();
    this.#onClosed();
  }
}
