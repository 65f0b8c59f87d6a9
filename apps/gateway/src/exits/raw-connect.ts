import net from 'node:net';
import type { Deadlines, Expiring } from '../tunnel/deadlines.ts';
import {
  connectHandle,
  handleError,
  newTcpHandle,
  type HandleRequest,
  type TcpHandle,
} from '../tunnel/tcp-handle.ts';
import {
  blockedDestination,
  familyOfExit,
  toExitError,
  type ConnectOptions,
  ExitError,
} from './exit-connect.ts';
import type { Exit } from './exit-table.ts';

/** Connected (`handle`), or why not. Called once. */
export type HandleConnected = (error: ExitError | null, handle: TcpHandle | null) => void;

/**
 * What exit-connect.ts's direct connector does, on a TCP handle (tcp-handle.ts) instead of a
 * net.Socket: the destination guard, the exit's local address, the guarded DNS lookup for
 * names, the connect timeout (on the shared deadlines), the same failures.
 */
export const connectDirectHandle = (
  exit: Exit,
  host: string,
  port: number,
  options: ConnectOptions,
  deadlines: Deadlines,
  done: HandleConnected,
): void => {
  const blocked = blockedDestination(host, options);
  if (blocked !== null) {
    done(blocked, null);
    return;
  }
  const attempt = new ConnectAttempt(
    exit.localAddress,
    host,
    port,
    options.timeoutMs,
    deadlines,
    done,
  );
  deadlines.add(attempt);
  const literal = net.isIP(host);
  if (literal !== 0) {
    attempt.connect(host, literal);
    return;
  }
  options.lookup(host, { family: familyOfExit(exit) }, (error, address, resolvedFamily) => {
    if (attempt.isSettled) return;
    if (error) attempt.settle(toExitError(error), null);
    else attempt.connect(address as string, resolvedFamily ?? net.isIP(address as string));
  });
};

class ConnectAttempt implements Expiring {
  expiresAt = 0;
  isSettled = false;
  #handle: TcpHandle | null = null;
  readonly #localAddress: string | undefined;
  readonly #host: string;
  readonly #port: number;
  readonly #timeoutMs: number;
  #address = '';
  readonly #deadlines: Deadlines;
  readonly #done: HandleConnected;

  constructor(
    localAddress: string | undefined,
    host: string,
    port: number,
    timeoutMs: number,
    deadlines: Deadlines,
    done: HandleConnected,
  ) {
    this.#localAddress = localAddress;
    this.#host = host;
    this.#port = port;
    this.#timeoutMs = timeoutMs;
    this.expiresAt = deadlines.now + timeoutMs;
    this.#deadlines = deadlines;
    this.#done = done;
  }

  connect(address: string, family: number) {
    const handle = newTcpHandle();
    this.#handle = handle;
    this.#address = address;
    const local = this.#localAddress;
    const isV6 = family === 6;
    if (local !== undefined) {
      const bound = isV6 ? handle.bind6(local, 0, 0) : handle.bind(local, 0);
      if (bound !== 0) {
        this.fail(bound, 'bind');
        return;
      }
    }
    const error = connectHandle<ConnectAttempt>(
      handle,
      { address, port: this.#port, family: isV6 ? 6 : 4 },
      this,
      afterConnect,
    );
    if (error !== 0) this.fail(error, 'connect');
  }

  expire() {
    this.settle(
      new ExitError(
        'timeout',
        `${this.#host}:${this.#port}: no connection within ${this.#timeoutMs} ms`,
      ),
      null,
    );
  }

  fail(status: number, syscall: string) {
    this.settle(toExitError(handleError(status, syscall, `${this.#address}:${this.#port}`)), null);
  }

  settle(error: ExitError | null, handle: TcpHandle | null) {
    if (this.isSettled) return;
    this.isSettled = true;
    this.#deadlines.delete(this);
    if (error !== null) this.#handle?.close();
    this.#done(error, handle);
  }

  connected() {
    const handle = this.#handle as TcpHandle;
    handle.setNoDelay(true);
    this.settle(null, handle);
  }
}

function afterConnect(this: HandleRequest<ConnectAttempt>, status: number) {
  const attempt = this.owner;
  if (attempt.isSettled) return;
  if (status < 0) attempt.fail(status, 'connect');
  else attempt.connected();
}
