import util from 'node:util';

/**
 * Node's own TCP handle: the object inside every net.Socket, without the socket around it
 * (decision 153). A net.Socket is a full stream (two stream states, an event emitter, timers,
 * a request object per write, an event per read); a tunnel only ever moves the bytes it read on
 * one handle to the other one, so the new-tunnel path uses the handles themselves and spends
 * about a third less CPU per tunnel (docs/gateway-benchmark.md).
 *
 * The handles come from `process.binding('tcp_wrap')` and `process.binding('stream_wrap')`,
 * the two bindings Node lists as reachable from user code for this purpose (net.js is written
 * on them). Everything the gateway uses of them is declared here, and only here: the rest of
 * the code sees these types and functions. When a Node version does not offer them,
 * `tcpBinding` is null and every connection takes the net.Socket path, which does all the same
 * things slower.
 */

/** How a read ended, in `onread`: see readResult. */
export type OnRead = (this: TcpHandle, bytes: ArrayBuffer | undefined) => Uint8Array | undefined;

/** A request given to a write, a shutdown or a connect; `owner` is ours (whose request it is). */
export type HandleRequest<Owner> = {
  oncomplete: (this: HandleRequest<Owner>, status: number) => void;
  owner: Owner;
  handle?: TcpHandle;
  /** A written buffer stays referenced until its write went (the handle keeps only a pointer). */
  buffer?: Uint8Array | null;
};

export type PeerAddress = { address?: string; port?: number; family?: string };

export type TcpHandle = {
  onread: OnRead | null;
  /** Ours: who this handle belongs to while a callback runs with the handle as `this`. */
  owner: unknown;
  readonly writeQueueSize: number;
  readStart(): number;
  readStop(): number;
  /** Reads go into this buffer (and the next one `onread` returns) instead of fresh memory. */
  useUserBuffer(buffer: Uint8Array): void;
  writeBuffer(request: HandleRequest<unknown>, buffer: Uint8Array): number;
  shutdown(request: HandleRequest<unknown>): number;
  close(callback?: () => void): void;
  setNoDelay(enable: boolean): number;
  getpeername(out: PeerAddress): number;
  getsockname(out: PeerAddress): number;
  bind(address: string, port: number): number;
  bind6(address: string, port: number, flags: number): number;
  connect(request: HandleRequest<unknown>, address: string, port: number): number;
  connect6(request: HandleRequest<unknown>, address: string, port: number): number;
};

type TcpWrapBinding = {
  TCP: new (type: number) => TcpHandle;
  TCPConnectWrap: new () => HandleRequest<unknown>;
  constants: { SOCKET: number };
};
type StreamWrapBinding = {
  WriteWrap: new () => HandleRequest<unknown>;
  ShutdownWrap: new () => HandleRequest<unknown>;
  streamBaseState: Int32Array;
  kReadBytesOrError: number;
  kArrayBufferOffset: number;
  kLastWriteWasAsync: number;
};

const load = (): { tcp: TcpWrapBinding; stream: StreamWrapBinding } | null => {
  try {
    const binding = (process as unknown as { binding: (name: string) => unknown }).binding;
    const tcp = binding('tcp_wrap') as TcpWrapBinding;
    const stream = binding('stream_wrap') as StreamWrapBinding;
    return typeof tcp.TCP === 'function' && stream.streamBaseState instanceof Int32Array
      ? { tcp, stream }
      : null;
  } catch {
    return null;
  }
};

/** The bindings, or null where this Node does not offer them (the net.Socket path is used). */
export const tcpBinding = load();

const state = tcpBinding?.stream.streamBaseState ?? new Int32Array(8);
const READ_RESULT = tcpBinding?.stream.kReadBytesOrError ?? 0;
const READ_OFFSET = tcpBinding?.stream.kArrayBufferOffset ?? 0;
const WRITE_WAS_ASYNC = tcpBinding?.stream.kLastWriteWasAsync ?? 0;

/** libuv's end-of-stream code, the same on every platform. */
export const UV_EOF = -4095;

/**
 * Inside `onread`: how many bytes were read (> 0), nothing (0), or the reason reading stopped
 * (UV_EOF, or another negative libuv error). Without a user buffer the bytes are in the
 * ArrayBuffer `onread` was given, from `readOffset()`.
 */
export const readResult = (): number => state[READ_RESULT] as number;
export const readOffset = (): number => state[READ_OFFSET] as number;

const bindings = () => {
  if (tcpBinding === null) throw new Error('TCP handles are not available on this Node');
  return tcpBinding;
};

export const newTcpHandle = (): TcpHandle => {
  const { tcp } = bindings();
  return new tcp.TCP(tcp.constants.SOCKET);
};

type Done<Owner> = HandleRequest<Owner>['oncomplete'];

/** A request of one of the bindings' kinds, for `handle`, answered to `done`. */
const request = <Owner>(
  Kind: new () => HandleRequest<unknown>,
  handle: TcpHandle,
  owner: Owner,
  done: Done<Owner>,
): HandleRequest<unknown> => {
  const made = new Kind() as HandleRequest<Owner>;
  made.handle = handle;
  made.owner = owner;
  made.oncomplete = done;
  return made as HandleRequest<unknown>;
};

/**
 * Writes a buffer. Returns 0 when it went at once, 1 when it is queued (`done` runs once it
 * went, or failed, with the status), or a negative libuv error (nothing was queued).
 */
export const writeTo = <Owner>(
  handle: TcpHandle,
  buffer: Uint8Array,
  owner: Owner,
  done: Done<Owner>,
): number => {
  const write = request(bindings().stream.WriteWrap, handle, owner, done);
  write.buffer = buffer;
  const error = handle.writeBuffer(write, buffer);
  return error !== 0 ? error : (state[WRITE_WAS_ASYNC] as number);
};

/** Sends FIN once the queued writes went; `done` runs with the status. Returns an error or 0. */
export const shutdownWrites = <Owner>(handle: TcpHandle, owner: Owner, done: Done<Owner>) =>
  handle.shutdown(request(bindings().stream.ShutdownWrap, handle, owner, done));

/** Starts connecting; `done` runs with the status (0: connected). Returns an error or 0. */
export const connectHandle = <Owner>(
  handle: TcpHandle,
  to: { address: string; port: number; family: 4 | 6 },
  owner: Owner,
  done: Done<Owner>,
): number => {
  const connect = request(bindings().tcp.TCPConnectWrap, handle, owner, done);
  return to.family === 6
    ? handle.connect6(connect, to.address, to.port)
    : handle.connect(connect, to.address, to.port);
};

/** An Error for a libuv status, shaped as Node's socket errors are (`code`, `errno`, `syscall`). */
export const handleError = (
  status: number,
  syscall: string,
  detail = '',
): NodeJS.ErrnoException => {
  const code = util.getSystemErrorName(status);
  const error: NodeJS.ErrnoException = new Error(`${syscall} ${code}${detail ? ` ${detail}` : ''}`);
  error.code = code;
  error.errno = status;
  error.syscall = syscall;
  return error;
};
