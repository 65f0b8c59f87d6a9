import type net from 'node:net';

/**
 * Read buffers for the far end of a tunnel (decision 150).
 *
 * Node reads a socket 64 KiB at a time into a fresh allocation, and a download through a tunnel
 * then costs a read, an allocation, a stream event and a write per 64 KiB. Reading 1 MiB at a
 * time into a buffer the tunnel keeps cuts that work by about 16 and is most of what made our
 * CONNECT download twice as fast (docs/gateway-benchmark.md). A buffer per tunnel would cost
 * 1 MiB for every idle tunnel, so a tunnel earns one only while it moves bulk data:
 *
 * - Quiet tunnels read into one buffer shared by the whole process; what lands there is copied
 *   out at once (as Node's own reads would allocate it), so nothing ever points into it.
 * - A read that fills the shared buffer means more is waiting: the next reads go into a bulk
 *   buffer of the tunnel's own, handed on as a view without a copy. The reader of those views
 *   pauses the socket while a write of one is still pending, so the buffer is never refilled
 *   under a write. A read below a quarter of the shared size gives the bulk buffer back.
 * - At most BULK_BUFFERS_MAX bulk buffers exist at once; beyond that tunnels keep the shared one.
 */
const SHARED_BYTES = 64 * 1024;
const BULK_BYTES = 1024 * 1024;
const BULK_BUFFERS_MAX = 256;
const QUIET_READ_BYTES = SHARED_BYTES / 4;

const shared = Buffer.allocUnsafe(SHARED_BYTES);
let bulkBuffersInUse = 0;

/** How many tunnels hold a bulk buffer now (tests, and a figure to watch). */
export const bulkBuffersHeld = () => bulkBuffersInUse;

/**
 * Takes what was read, for `target`. The chunk may point into a buffer the next read refills: it
 * may be written as it is, and the handler returns false to pause the socket until that write is
 * done (its owner resumes it then). A chunk kept longer must be copied.
 */
export type ReadHandler<T> = (target: T, chunk: Buffer) => boolean;

/**
 * The reads of one upstream socket. Give `onread` to net.connect: the socket then reads through
 * this object only.
 */
export class UpstreamReads {
  readonly onread: net.OnReadOpts;
  #bulk: Buffer | null = null;
  #next: Buffer = shared;
  #handler: ReadHandler<never> | null = null;
  #target: unknown = null;
  #early: Buffer[] = [];

  constructor() {
    const onread = {} as net.OnReadOpts;
    onread.buffer = () => this.#next;
    onread.callback = (n, buffer) => this.#onRead(n, buffer);
    this.onread = onread;
  }

  /**
   * Where reads go from now on (the handler with its target: one function for every socket, no
   * closure per tunnel); bytes read before it (copied, the socket paused) go first.
   */
  attach<T>(handler: ReadHandler<T>, target: T, socket: net.Socket) {
    this.#handler = handler;
    this.#target = target;
    const early = this.#early;
    this.#early = [];
    if (early.length > 0 && !handler(target, Buffer.concat(early))) return;
    socket.resume();
  }

  /** The socket is gone: its bulk buffer (if any) goes back to the budget. */
  release() {
    if (this.#bulk === null) return;
    this.#bulk = null;
    bulkBuffersInUse -= 1;
  }

  /** The buffer the next read goes into. */
  get buffer(): Buffer {
    return this.#next;
  }

  /**
   * The `n` bytes a read put into `buffer` (the one `buffer` gave): a view of a bulk buffer, or
   * a copy out of the shared one. Chooses the next read's buffer.
   */
  chunk(n: number, buffer: Uint8Array): Buffer {
    const view = Buffer.from(buffer.buffer, buffer.byteOffset, n);
    this.#chooseNext(n);
    return buffer === shared ? Buffer.from(view) : view;
  }

  #onRead(n: number, buffer: Uint8Array): boolean {
    const chunk = this.chunk(n, buffer);
    if (this.#handler === null) {
      this.#early.push(buffer === shared ? chunk : Buffer.from(chunk));
      return false;
    }
    return this.#handler(this.#target as never, chunk);
  }

  /** Chooses the buffer of the next read from the size of the last one. */
  #chooseNext(lastRead: number) {
    if (lastRead >= SHARED_BYTES && this.#bulk === null && bulkBuffersInUse < BULK_BUFFERS_MAX) {
      this.#bulk = Buffer.allocUnsafe(BULK_BYTES);
      bulkBuffersInUse += 1;
    } else if (lastRead < QUIET_READ_BYTES) this.release();
    this.#next = this.#bulk ?? shared;
  }
}
