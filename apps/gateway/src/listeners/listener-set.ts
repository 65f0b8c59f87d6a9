import { once } from 'node:events';
import net from 'node:net';
import type { Logger } from 'pino';

/** A listening address: a host (an address, not a name) and a port on it. */
export type Endpoint = { readonly host: string; readonly port: number };

/** An endpoint that could not be opened (taken, not this host's address) is retried after this. */
const RETRY_MS = 5_000;

type Listener = { readonly endpoint: Endpoint; readonly server: net.Server; isListening: boolean };

const keyOf = ({ host, port }: Endpoint) =>
  net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;

/**
 * Listening sockets kept equal to a wanted set of endpoints, which changes while the gateway
 * runs (proxy-list ports, ISP packages' addresses): `sync` opens what is new and closes what is
 * no longer wanted; an endpoint that cannot be opened is logged and retried every 5 s, never a
 * failed start; `stop` closes all. Under GATEWAY_WORKERS each worker listens too and the cluster
 * shares the handle (decision 101): the kernel's socket closes once the last worker let go.
 */
export class ListenerSet {
  readonly #listeners = new Map<string, Listener>();
  #wanted = new Map<string, Endpoint>();
  /** Endpoints whose last open failed: logged once as an error, their retries as debug. */
  readonly #failing = new Set<string>();
  readonly #what: string;
  readonly #log: Logger;
  readonly #accept: (socket: net.Socket, endpoint: Endpoint) => void;
  readonly #onClosed: (endpoints: readonly Endpoint[]) => void;
  readonly #retryMs: number;
  #retry: NodeJS.Timeout | null = null;
  #isStopped = false;

  constructor(options: {
    /** What the listeners are, for the log ("a proxy list port"). */
    what: string;
    log: Logger;
    /** A connection accepted on `endpoint`. */
    accept: (socket: net.Socket, endpoint: Endpoint) => void;
    /** Endpoints just closed: connections still in their handshake there may go with them. */
    onClosed?: (endpoints: readonly Endpoint[]) => void;
    /** How long after a failed open it is tried again (5 s; shorter in tests). */
    retryMs?: number;
  }) {
    this.#what = options.what;
    this.#log = options.log;
    this.#accept = options.accept;
    this.#onClosed = options.onClosed ?? (() => undefined);
    this.#retryMs = options.retryMs ?? RETRY_MS;
  }

  /** Endpoints listened on now. */
  get listening(): Endpoint[] {
    return [...this.#listeners.values()]
      .filter((listener) => listener.isListening)
      .map((listener) => listener.endpoint);
  }

  isListening(endpoint: Endpoint): boolean {
    return this.#listeners.get(keyOf(endpoint))?.isListening ?? false;
  }

  /**
   * Listens on every endpoint of `wanted` and on no other; resolves once those it opened listen
   * (or failed: those are retried).
   */
  async sync(wanted: Iterable<Endpoint>): Promise<void> {
    if (this.#isStopped) return;
    const next = new Map<string, Endpoint>();
    for (const endpoint of wanted) next.set(keyOf(endpoint), endpoint);
    this.#wanted = next;
    for (const key of this.#failing) if (!next.has(key)) this.#failing.delete(key);
    const gone: Endpoint[] = [];
    for (const [key, listener] of this.#listeners)
      if (!next.has(key)) {
        listener.server.close();
        this.#listeners.delete(key);
        gone.push(listener.endpoint);
      }
    if (gone.length > 0) this.#onClosed(gone);
    const opening: Promise<void>[] = [];
    for (const [key, endpoint] of next)
      if (!this.#listeners.has(key)) opening.push(this.#open(key, endpoint));
    await Promise.all(opening);
  }

  async stop(): Promise<void> {
    this.#isStopped = true;
    if (this.#retry) clearTimeout(this.#retry);
    const closing = [...this.#listeners.values()].map(
      ({ server }) => new Promise((resolve) => server.close(resolve)),
    );
    this.#listeners.clear();
    await Promise.all(closing);
  }

  async #open(key: string, endpoint: Endpoint): Promise<void> {
    const server = net.createServer({ allowHalfOpen: true, noDelay: true }, (socket) =>
      this.#accept(socket, endpoint),
    );
    const listener: Listener = { endpoint, server, isListening: false };
    this.#listeners.set(key, listener);
    server.listen(endpoint.port, endpoint.host);
    try {
      await Promise.race([
        once(server, 'listening'),
        once(server, 'error').then(([error]) => {
          throw error as Error;
        }),
      ]);
      listener.isListening = true;
      if (this.#failing.delete(key))
        this.#log.info({ host: endpoint.host, port: endpoint.port }, `${this.#what} is open now`);
      // No longer wanted by the time it listened (or stopped meanwhile).
      if (this.#listeners.get(key) !== listener) server.close();
    } catch (error) {
      if (this.#listeners.get(key) === listener) this.#listeners.delete(key);
      // An address not (yet) on this host fails every retry: said once, not every 5 s.
      const level = this.#failing.has(key) ? 'debug' : 'error';
      this.#failing.add(key);
      this.#log[level](
        { err: error, host: endpoint.host, port: endpoint.port },
        `${this.#what} could not be opened; retrying`,
      );
      if (this.#isStopped) return;
      this.#retry ??= setTimeout(() => {
        this.#retry = null;
        void this.sync(this.#wanted.values());
      }, this.#retryMs);
      this.#retry.unref();
    }
  }
}
