import type { Framing } from './forward-head.ts';

/** Where a chunked body's scan is (RFC 9112 7.1): one byte at a time except inside chunk data. */
type ChunkedState =
  | 'size'
  | 'extension'
  | 'size-lf'
  | 'data'
  | 'data-cr'
  | 'data-lf'
  | 'trailer-start'
  | 'trailer-line'
  | 'trailer-lf'
  | 'final-lf'
  | 'done';

const CR = 0x0d;
const LF = 0x0a;

/** The states that take exactly one byte, and the state that follows it. */
const ONE_BYTE: Partial<Record<ChunkedState, readonly [byte: number, next: ChunkedState]>> = {
  'data-cr': [CR, 'data-lf'],
  'data-lf': [LF, 'size'],
  'trailer-lf': [LF, 'trailer-start'],
  'final-lf': [LF, 'done'],
};

const hexValue = (byte: number) => {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
};

/**
 * Where a response body ends in the bytes that follow its head, so the fast path knows when
 * the exchange is over without decoding anything: the body is passed on as it came (its chunked
 * coding included). `consume` returns how many bytes of `chunk` belong to the body (fewer than
 * its length once the body ended inside it), or -1 when a chunked body is malformed.
 */
export class BodyFraming {
  done: boolean;
  readonly #kind: Framing['kind'];
  #left: number;
  #state: ChunkedState = 'size';
  #digits = 0;

  constructor(framing: Framing) {
    this.#kind = framing.kind;
    this.#left = framing.kind === 'length' ? framing.length : 0;
    this.done = framing.kind === 'none' || (framing.kind === 'length' && framing.length === 0);
  }

  consume(chunk: Buffer): number {
    if (this.done) return 0;
    if (this.#kind === 'close') return chunk.length;
    if (this.#kind === 'length') {
      const taken = Math.min(this.#left, chunk.length);
      this.#left -= taken;
      this.done = this.#left === 0;
      return taken;
    }
    return this.#scanChunked(chunk);
  }

  #scanChunked(chunk: Buffer): number {
    let i = 0;
    while (i < chunk.length) {
      if (this.#state === 'data') {
        const taken = Math.min(this.#left, chunk.length - i);
        i += taken;
        this.#left -= taken;
        if (this.#left === 0) this.#state = 'data-cr';
        continue;
      }
      const byte = chunk[i] as number;
      i += 1;
      const oneByte = ONE_BYTE[this.#state];
      if (oneByte !== undefined) {
        if (byte !== oneByte[0]) return -1;
        this.#state = oneByte[1];
        this.#digits = 0;
        if (this.#state !== 'done') continue;
        this.done = true;
        return i;
      }
      switch (this.#state) {
        case 'size': {
          const digit = hexValue(byte);
          if (digit !== -1) {
            // 13 hex digits stay below 2^53: a larger chunk is not a real one.
            if (this.#digits >= 13) return -1;
            this.#left = this.#left * 16 + digit;
            this.#digits += 1;
          } else if (this.#digits === 0) return -1;
          else if (byte === CR) this.#state = 'size-lf';
          else if (byte === 0x3b || byte === 0x20 || byte === 0x09) this.#state = 'extension';
          else return -1;
          break;
        }
        case 'extension':
          if (byte === CR) this.#state = 'size-lf';
          else if (byte === LF) return -1;
          break;
        case 'size-lf':
          if (byte !== LF) return -1;
          this.#state = this.#left === 0 ? 'trailer-start' : 'data';
          break;
        case 'trailer-start':
          this.#state = byte === CR ? 'final-lf' : 'trailer-line';
          break;
        case 'trailer-line':
          if (byte === CR) this.#state = 'trailer-lf';
          break;
      }
    }
    return i;
  }
}
