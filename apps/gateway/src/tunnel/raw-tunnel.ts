import type { Authorized } from '../auth/authenticate.ts';
import type { LiveConnection } from '../limits/connection-registry.ts';
import type { UsageCounter } from '../metering/usage-meter.ts';
import type { Deadlines, Expiring } from './deadlines.ts';
import type { ByteGate } from './relay.ts';
import {
  readOffset,
  readResult,
  shutdownWrites,
  UV_EOF,
  writeTo,
  type HandleRequest,
  type TcpHandle,
} from './tcp-handle.ts';
import type { UpstreamReads } from './upstream-reads.ts';

/** What a connection needs to become a tunnel, once its far end is connected. */
export type TunnelStart = {
  upstream: TcpHandle;
  /** The far end's read buffers (tunnel/upstream-reads.ts). */
  reads: UpstreamReads;
  /** Where the bytes are counted (client to upstream = up); null = metering off. */
  counter: UsageCounter | null;
  upGate: ByteGate | null;
  downGate: ByteGate | null;
  idleTimeoutMs: number;
  /** The answer that opens the tunnel (HTTP 200 Connection Established), not counted. */
  established: Buffer;
  /** Bytes the client sent after its request, before our answer: they go first, counted. */
  early: Buffer;
};

/**
 * One client connection on a TCP handle (tcp-handle.ts), from its accept to its close: first
 * its handshake (read by its acceptor), then perhaps the connect to the far end, then the
 * tunnel. The same object is the registries' LiveConnection the whole time and the deadline of
 * whichever step it is in, so a tunnel costs one object and its two sides.
 *
 * The tunnel does what tunnel/pump.ts and relay.ts do for sockets: every chunk counted and
 * written on as it came (no copies), a package's gates holding back what may not pass yet,
 * reading paused while a write is pending (which is also what keeps a read buffer from being
 * refilled under a write), a half-close passed on (FIN one way, the other way still flows),
 * closed after `idleTimeoutMs` without a byte read either way, or on any error, or when cut.
 */
export class RawConnection implements LiveConnection, Expiring {
  expiresAt = 0;
  isClosed = false;
  readonly client: TcpHandle;
  upstream: TcpHandle | null = null;
  #reads: UpstreamReads | null = null;
  #idleTimeoutMs = 0;
  /** Directions whose end went on (both: the tunnel is over). */
  #finished = 0;
  readonly #deadlines: Deadlines;
  readonly #onClose: (connection: RawConnection) => void;
  /** Whose the handshake read is (the acceptor's state for this connection). */
  handshake: unknown = null;
  /** Whom the connection serves, once authenticated (the registries hold it under that). */
  authorized: Authorized | null = null;

  constructor(
    client: TcpHandle,
    deadlines: Deadlines,
    onClose: (connection: RawConnection) => void,
  ) {
    this.client = client;
    this.#deadlines = deadlines;
    this.#onClose = onClose;
    client.owner = this;
  }

  get deadlines() {
    return this.#deadlines;
  }

  /** Times the current step out after `ms` (the handshake, the wait for the far end). */
  expireIn(ms: number) {
    this.expiresAt = this.#deadlines.now + ms;
    this.#deadlines.add(this);
  }

  /** The current step is done in time. */
  keep() {
    this.#deadlines.delete(this);
  }

  expire() {
    this.close();
  }

  /**
   * The client handle goes to someone else (a net.Socket): it is not closed here, and this
   * object is done.
   */
  release() {
    if (this.isClosed) return;
    this.isClosed = true;
    this.#deadlines.delete(this);
    this.#onClose(this);
  }

  close() {
    if (this.isClosed) return;
    this.isClosed = true;
    this.#deadlines.delete(this);
    this.client.close();
    this.upstream?.close();
    this.#reads?.release();
    this.#onClose(this);
  }

  startTunnel(start: TunnelStart) {
    const { upstream, reads } = start;
    this.upstream = upstream;
    this.#reads = reads;
    const clientSide = new Side(this, this.client, true, start.counter, start.upGate, null);
    const upstreamSide = new Side(this, upstream, false, start.counter, start.downGate, reads);
    clientSide.peer = upstreamSide;
    upstreamSide.peer = clientSide;
    this.client.owner = clientSide;
    upstream.owner = upstreamSide;
    this.client.onread = onTunnelRead;
    upstream.onread = onTunnelRead;
    upstreamSide.readBuffer = reads.buffer;
    upstream.useUserBuffer(upstreamSide.readBuffer);
    this.#idleTimeoutMs = start.idleTimeoutMs;
    this.expireIn(start.idleTimeoutMs);
    // The answer goes to the client the way the far end's bytes do, uncounted; then the early
    // bytes to the far end as if just read: counted and spent from the package's limits.
    send(upstreamSide, start.established, false);
    if (start.early.length > 0) pass(clientSide, start.early);
    proceed(clientSide);
    proceed(upstreamSide);
  }

  /** A byte was read: the idle clock starts again. */
  touch() {
    this.expiresAt = this.#deadlines.now + this.#idleTimeoutMs;
  }

  /** One direction's end went on to the other handle. */
  finishedOne() {
    this.#finished += 1;
    if (this.#finished === 2) this.close();
  }
}

/** One direction: what `handle` reads goes to `peer.handle`. */
class Side {
  readonly connection: RawConnection;
  readonly handle: TcpHandle;
  peer: Side = this;
  /** Bytes read here count as up (the client's side) or down. */
  readonly isUp: boolean;
  readonly counter: UsageCounter | null;
  readonly gate: ByteGate | null;
  /** Read buffers (the far end's side), or null: each read in fresh memory (the client's). */
  readonly reads: UpstreamReads | null;
  /** The buffer the next read fills, kept referenced (the handle only holds a pointer). */
  readBuffer: Uint8Array | null = null;
  /** The part of a chunk the gate held back: reading waits until it went. */
  held: Buffer | null = null;
  pendingWrites = 0;
  isReading = false;
  /** The handle read its end (FIN). */
  isEnded = false;
  /** That end was passed on (FIN to the peer). */
  isShutdown = false;

  constructor(
    connection: RawConnection,
    handle: TcpHandle,
    isUp: boolean,
    counter: UsageCounter | null,
    gate: ByteGate | null,
    reads: UpstreamReads | null,
  ) {
    this.connection = connection;
    this.handle = handle;
    this.isUp = isUp;
    this.counter = counter;
    this.gate = gate;
    this.reads = reads;
  }
}

// Module-level functions over the sides, not closures per tunnel: the handles call them with
// the handle (or the request) as `this`, whose `owner` is the side.

function onTunnelRead(this: TcpHandle, bytes: ArrayBuffer | undefined): Uint8Array | undefined {
  const side = this.owner as Side;
  const n = readResult();
  if (n > 0) {
    side.connection.touch();
    if (side.reads === null) pass(side, Buffer.from(bytes as ArrayBuffer, readOffset(), n));
    else {
      const chunk = side.reads.chunk(n, side.readBuffer as Uint8Array);
      side.readBuffer = side.reads.buffer;
      pass(side, chunk);
    }
    return side.readBuffer ?? undefined;
  }
  if (n === 0) return undefined;
  if (n === UV_EOF) {
    side.isEnded = true;
    pause(side);
    endWhenDone(side);
    return undefined;
  }
  side.connection.close();
  return undefined;
}

/** A chunk read on `side`: what its gate allows goes on, the rest waits for the gate. */
const pass = (side: Side, chunk: Buffer) => {
  const gate = side.gate;
  if (gate !== null) {
    const allowed = gate.take(chunk.length);
    if (allowed < chunk.length) {
      if (allowed > 0) send(side, chunk.subarray(0, allowed), true);
      side.held = chunk.subarray(allowed);
      pause(side);
      gate.wait(() => retry(side));
      return;
    }
  }
  send(side, chunk, true);
};

/** Writes a chunk read on `side` to its peer; a write that is queued pauses reading. */
const send = (side: Side, chunk: Buffer, isCounted: boolean) => {
  const counter = side.counter;
  if (isCounted && counter !== null) {
    if (side.isUp) counter.up += chunk.length;
    else counter.down += chunk.length;
  }
  const result = writeTo(side.peer.handle, chunk, side, afterWrite);
  if (result === 0) return;
  if (result < 0) {
    side.connection.close();
    return;
  }
  side.pendingWrites += 1;
  pause(side);
};

function afterWrite(this: HandleRequest<Side>, status: number) {
  const side = this.owner;
  side.pendingWrites -= 1;
  if (side.connection.isClosed) return;
  if (status < 0) side.connection.close();
  else proceed(side);
}

/** The gate lets more pass: the held part goes, then reading goes on. */
const retry = (side: Side) => {
  const chunk = side.held;
  if (chunk === null || side.connection.isClosed) return;
  side.held = null;
  pass(side, chunk);
  proceed(side);
};

/** Nothing of `side` is pending or held any more: it reads on, or passes its end on. */
const proceed = (side: Side) => {
  if (side.pendingWrites > 0 || side.held !== null || side.connection.isClosed) return;
  if (side.isEnded) endWhenDone(side);
  else if (!side.isReading) {
    side.isReading = true;
    side.handle.readStart();
  }
};

const pause = (side: Side) => {
  if (!side.isReading) return;
  side.isReading = false;
  side.handle.readStop();
};

/** The side read its end: FIN to the peer once everything it read went there. */
const endWhenDone = (side: Side) => {
  if (side.isShutdown || side.pendingWrites > 0 || side.held !== null) return;
  side.isShutdown = true;
  if (shutdownWrites(side.peer.handle, side, afterShutdown) !== 0) side.connection.close();
};

function afterShutdown(this: HandleRequest<Side>, status: number) {
  const { connection } = this.owner;
  if (connection.isClosed) return;
  if (status < 0) connection.close();
  else connection.finishedOne();
}
