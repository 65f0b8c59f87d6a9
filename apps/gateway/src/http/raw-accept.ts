import type net from 'node:net';
import type { Deadlines } from '../tunnel/deadlines.ts';
import { RawConnection } from '../tunnel/raw-tunnel.ts';
import { readOffset, readResult, tcpBinding, type TcpHandle } from '../tunnel/tcp-handle.ts';

/** A new connection's first chunk (its handle is not reading): tunnel it, or `adopt` it. */
export type FirstChunk = (connection: RawConnection, chunk: Buffer) => void;

type ServerHandle = {
  onconnection: (this: ServerHandle, status: number, client?: TcpHandle) => void;
};

/**
 * A listening handle taken over, with Node's own accept for it: a connection accepted there is
 * adopted there, so its socket is announced by the server it came to.
 */
type Listening = {
  readonly acceptor: RawAcceptor;
  readonly handle: ServerHandle;
  readonly nodeOnConnection: ServerHandle['onconnection'];
};

/**
 * Accepts a server's connections on TCP handles (tcp-handle.ts, decision 153) instead of
 * net.Sockets, and reads the first chunk itself: a CONNECT it can tunnel stays a handle for its
 * whole life; anything else is given to Node as the net.Socket it would have made (`adopt`,
 * through Node's own accept code, so the server counts and configures it as ever), with the
 * chunk already read. A connection that sends nothing is closed after the handshake timeout.
 * Several listening servers may be installed (the shared port, ISP packages' addresses): each
 * connection goes back to the one it came to.
 */
export class RawAcceptor {
  readonly deadlines: Deadlines;
  readonly #open = new Set<RawConnection>();
  readonly #handshakeTimeoutMs: number;
  readonly #first: FirstChunk;
  #adoption: ((socket: net.Socket) => void) | null = null;
  readonly #forget: (connection: RawConnection) => void;

  readonly #isEnabled: boolean;

  constructor(options: {
    /** False (GATEWAY_TRANSPORT=node): nothing is taken over, every connection is a socket. */
    isEnabled: boolean;
    deadlines: Deadlines;
    handshakeTimeoutMs: number;
    /** What to do with a new connection's first chunk. */
    first: FirstChunk;
    /** A connection closed, or went to Node (adopted). */
    onClosed: (connection: RawConnection) => void;
  }) {
    this.#isEnabled = options.isEnabled;
    this.deadlines = options.deadlines;
    this.#handshakeTimeoutMs = options.handshakeTimeoutMs;
    this.#first = options.first;
    this.#forget = (connection) => {
      this.#open.delete(connection);
      options.onClosed(connection);
    };
  }

  /**
   * Takes over the accepts of a listening server; false (nothing changed) when turned off, where
   * Node offers no TCP handles, or when the server is not on one.
   */
  install(server: net.Server): boolean {
    if (!this.#isEnabled) return false;
    const handle = (server as unknown as { _handle?: ServerHandle | null })._handle;
    if (tcpBinding === null || !handle || typeof handle.onconnection !== 'function') return false;
    const listening: Listening = {
      acceptor: this,
      handle,
      nodeOnConnection: handle.onconnection,
    };
    // Adopted sockets start paused: their first bytes were read here and go first.
    (server as net.Server & { pauseOnConnect: boolean }).pauseOnConnect = true;
    handle.onconnection = (status: number, client?: TcpHandle) =>
      this.#accept(listening, status, client);
    return true;
  }

  /** Connections on handles now (in their handshake, connecting, or tunnels). */
  get openConnections() {
    return this.#open.size;
  }

  /**
   * The socket Node makes of an adopted handle is announced with the 'connection' event of the
   * server it came to (which passes it on to the HTTP proxy's): the HTTP proxy's listener takes
   * what to do with it from here (once).
   */
  takeAdoption(): ((socket: net.Socket) => void) | null {
    const adoption = this.#adoption;
    this.#adoption = null;
    return adoption;
  }

  /** Hands the connection to Node as a net.Socket (paused); `then` gets it. */
  adopt(connection: RawConnection, then: (socket: net.Socket) => void) {
    const listening = connection.handshake as Listening | null;
    if (listening === null || connection.isClosed) return;
    connection.release();
    this.#adoption = then;
    try {
      listening.nodeOnConnection.call(listening.handle, 0, connection.client);
    } finally {
      this.#adoption = null;
    }
  }

  closeAll() {
    for (const connection of [...this.#open]) connection.close();
  }

  #accept(listening: Listening, status: number, client?: TcpHandle) {
    if (status !== 0 || client === undefined) {
      listening.nodeOnConnection.call(listening.handle, status, client);
      return;
    }
    const connection = new RawConnection(client, this.deadlines, this.#forget);
    connection.handshake = listening;
    this.#open.add(connection);
    client.setNoDelay(true);
    client.onread = onFirstRead;
    connection.expireIn(this.#handshakeTimeoutMs);
    client.readStart();
  }

  /** The first chunk came: the handshake timeout is over, the rest is the server's. */
  received(connection: RawConnection, chunk: Buffer) {
    connection.keep();
    connection.client.readStop();
    this.#first(connection, chunk);
  }
}

function onFirstRead(this: TcpHandle, bytes: ArrayBuffer | undefined): undefined {
  const connection = this.owner as RawConnection;
  const n = readResult();
  if (n > 0)
    (connection.handshake as Listening).acceptor.received(
      connection,
      Buffer.from(bytes as ArrayBuffer, readOffset(), n),
    );
  else if (n < 0) connection.close();
  return undefined;
}
