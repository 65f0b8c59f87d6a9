import type http from 'node:http';
import type net from 'node:net';
import type { Authorized, ClientAddress } from '../auth/authenticate.ts';
import { normalizeAddress } from '../auth/credential-cache.ts';
import { createHttpProxyServer } from '../http/http-proxy.ts';
import { ListenerSet } from '../listeners/listener-set.ts';
import type { ProxyContext } from '../proxy-context.ts';
import { createSocksHandler } from '../socks/socks-server.ts';
import { SOCKS_VERSION } from '../socks/socks-handshake.ts';
import { AUTH_TYPE_WHITELIST, lineAnswer, type ListEntry } from './list-cache.ts';

/**
 * The ports of whitelisted proxy lists (decision 131): every port of every list's block
 * (port_start .. port_start + ports_count - 1) is listened on at GATEWAY_HOST, opened and closed
 * as lists come and go. Each port speaks HTTP proxy and SOCKS5 (the first byte tells: 0x05 is
 * SOCKS5) and lets in only the addresses of its list's whitelist, without credentials (SOCKS5
 * method 0x00); others get HTTP 407 / SOCKS5 method 0xFF. Port i of a list is its line i: one
 * sticky session with the list's targeting and rotation, metered and limited as its package.
 */
export class ListPorts {
  readonly #ctx: ProxyContext;
  readonly #listeners: ListenerSet;
  #listByPort = new Map<number, ListEntry>();
  /** Accepted sockets, until they close (the stop closes those still open). */
  readonly #sockets = new Set<net.Socket>();
  readonly #http: http.Server;
  readonly #socks: (socket: net.Socket, first?: Buffer) => void;

  constructor(ctx: ProxyContext) {
    this.#ctx = ctx;
    this.#listeners = new ListenerSet({
      what: 'a proxy list port',
      log: ctx.log,
      accept: (socket) => this.#accept(socket),
      // Tunnels of a deleted list are cut through the list's connections; what is still in its
      // handshake on these ports goes with them.
      onClosed: (endpoints) => {
        const ports = new Set(endpoints.map((endpoint) => endpoint.port));
        for (const socket of this.#sockets)
          if (socket.localPort !== undefined && ports.has(socket.localPort)) socket.destroy();
      },
    });
    this.#http = createHttpProxyServer(ctx, (socket, _header, now) => this.authorize(socket, now));
    this.#socks = createSocksHandler(ctx, {
      credentials: false,
      byAddress: (socket, now) => this.authorize(socket, now),
    });
  }

  /** Ports listened on now. */
  get listening(): number[] {
    return this.#listeners.listening.map((endpoint) => endpoint.port);
  }

  isListening(port: number): boolean {
    return this.#listeners.isListening({ host: this.#ctx.config.GATEWAY_HOST, port });
  }

  get openSockets() {
    return this.#sockets.size;
  }

  /**
   * The line a connection on a list port is, if its client's address is whitelisted there and
   * the list's package is active and unexpired; null otherwise.
   */
  authorize(socket: ClientAddress, now: number): Authorized | null {
    const port = socket.localPort;
    const list = port === undefined ? undefined : this.#listByPort.get(port);
    const address = socket.remoteAddress;
    if (list === undefined || list.portStart === null || address === undefined) return null;
    if (!list.whiteList.has(normalizeAddress(address))) return null;
    const entry = this.#ctx.cache.byId(list.packageId);
    if (entry === undefined || now >= entry.expiresAtMs) return null;
    return lineAnswer(list, (port as number) - list.portStart + 1, entry);
  }

  /**
   * Listens on every port the lists hold and on no other; resolves once the ports it opened
   * listen (or failed: those are retried).
   */
  async sync(lists: Iterable<ListEntry>): Promise<void> {
    const wanted = new Map<number, ListEntry>();
    for (const list of lists) {
      if (list.authType !== AUTH_TYPE_WHITELIST || list.portStart === null) continue;
      for (let port = list.portStart; port < list.portStart + list.portsCount; port += 1)
        wanted.set(port, list);
    }
    this.#listByPort = wanted;
    const host = this.#ctx.config.GATEWAY_HOST;
    await this.#listeners.sync([...wanted.keys()].map((port) => ({ host, port })));
  }

  async stop(): Promise<void> {
    const closing = this.#listeners.stop();
    for (const socket of this.#sockets) socket.destroy();
    // Never listening itself: closing it only stops its timers (head timeouts).
    this.#http.close(() => undefined);
    await closing;
  }

  /** The first byte tells the protocol: 0x05 is SOCKS5, anything else an HTTP request line. */
  #accept(socket: net.Socket) {
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const timer = setTimeout(() => socket.destroy(), this.#ctx.config.GATEWAY_HANDSHAKE_TIMEOUT_MS);
    socket.once('close', () => clearTimeout(timer));
    socket.once('data', (first: Buffer) => {
      clearTimeout(timer);
      if (first[0] === SOCKS_VERSION) {
        this.#socks(socket, first);
        return;
      }
      // The HTTP server reads the request from the start: the byte read here goes back first.
      socket.pause();
      socket.unshift(first);
      this.#http.emit('connection', socket);
      socket.resume();
    });
  }
}
