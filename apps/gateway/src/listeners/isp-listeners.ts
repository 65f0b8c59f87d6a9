import type net from 'node:net';
import type { Logger } from 'pino';
import type { CredentialCache } from '../auth/credential-cache.ts';
import type http from 'node:http';
import { ListenerSet, type Endpoint } from './listener-set.ts';

/** GATEWAY_HOST values that accept on every address of the host. */
export const isWildcardHost = (host: string) => host === '0.0.0.0' || host === '::';

/**
 * The addresses of ISP packages (decision 154): a line is `address:port:login:password`, the
 * address one of the package's own, so the gateway must accept there. With a wildcard
 * GATEWAY_HOST the shared ports already do; with a specific one, every address an active,
 * unexpired ISP package holds gets a listener on the HTTP port and one on the SOCKS5 port,
 * closed once no such package holds it (expired, deleted, swapped). What they accept goes to
 * the shared HTTP proxy and SOCKS5 servers, as if it had come to the shared ports: one
 * pipeline, which reads where the connection arrived (arrivalOf) to choose its exit.
 */
export class IspListeners {
  readonly #cache: CredentialCache;
  readonly #host: string;
  readonly #httpPort: number;
  readonly #socksPort: number;
  readonly #listeners: ListenerSet;
  /** When the next holder expires: the wanted set is worked out again then. */
  #nextExpiryMs = Infinity;

  constructor(options: {
    cache: CredentialCache;
    /** GATEWAY_HOST: covered by the shared ports already. */
    host: string;
    /** The shared ports as they listen (not as configured: 0 is any free port). */
    httpPort: number;
    socksPort: number;
    http: http.Server;
    socks: net.Server;
    log: Logger;
  }) {
    this.#cache = options.cache;
    this.#host = options.host;
    this.#httpPort = options.httpPort;
    this.#socksPort = options.socksPort;
    const { http, socks } = options;
    this.#listeners = new ListenerSet({
      what: "an ISP package's address",
      log: options.log,
      // Node's servers take a socket through their 'connection' event, as from their own port.
      accept: (socket, endpoint) =>
        (endpoint.port === this.#httpPort ? http : socks).emit('connection', socket),
    });
  }

  /** Endpoints listened on now. */
  get listening(): Endpoint[] {
    return this.#listeners.listening;
  }

  /** Listens on the addresses ISP packages hold at `now`, and on no other. */
  async sync(now: number): Promise<void> {
    if (isWildcardHost(this.#host)) return;
    const { addresses, nextExpiryMs } = this.#cache.heldIspAddresses(now);
    this.#nextExpiryMs = nextExpiryMs;
    const wanted: Endpoint[] = [];
    for (const host of addresses) {
      if (host === this.#host) continue;
      wanted.push({ host, port: this.#httpPort }, { host, port: this.#socksPort });
    }
    await this.#listeners.sync(wanted);
  }

  /** Expiry is a moment, not a notification: a timer asks often whether one has come. */
  async tick(now: number): Promise<void> {
    if (now >= this.#nextExpiryMs) await this.sync(now);
  }

  stop(): Promise<void> {
    return this.#listeners.stop();
  }
}
