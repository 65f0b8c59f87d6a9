import type { Framing } from './forward-head.ts';

// The states of a chunked body (RFC 9112 7.1), one byte at a time except inside chunk data.
const SIZE = 0;
const EXTENSION = 1;
const SIZE_LF = 2;
const DATA = 3;
const DATA_CR = 4;
const DATA_LF = 5;
const TRAILER_START = 6;
const TRAILER_LINE = 7;
const TRAILER_LF = 8;
const FINAL_LF = 9;

const CR = 0x0d;
const LF = 0x0a;

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
  #state = SIZE;
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
      if (this.#state === DATA) {
        const taken = Math.min(this.#left, chunk.length - i);
        i += taken;
        this.#left -= taken;
        if (this.#left === 0) this.#state = DATA_CR;
        continue;
      }
      const byte = chunk[i] as number;
      i += 1;
      switch (this.#state) {
        case SIZE: {
          const digit = hexValue(byte);
          if (digit !== -1) {
            // 13 hex digits stay below 2^53: a larger chunk is not a real one.
            if (this.#digits >= 13) return -1;
            this.#left = this.#left * 16 + digit;
            this.#digits += 1;
          } else if (this.#digits === 0) return -1;
          else if (byte === CR) this.#state = SIZE_LF;
          else if (byte === 0x3b || byte === 0x20 || byte === 0x09) this.#state = EXTENSION;
          else return -1;
          break;
        }
        case EXTENSION:
          if (byte === CR) this.#state = SIZE_LF;
          else if (byte === LF) return -1;
          break;
        case SIZE_LF:
          if (byte !== LF) return -1;
          this.#state = this.#left === 0 ? TRAILER_START : DATA;
          break;
        case DATA_CR:
          if (byte !== CR) return -1;
          this.#state = DATA_LF;
          break;
        case DATA_LF:
          if (byte !== LF) return -1;
          this.#state = SIZE;
          this.#digits = 0;
          break;
        case TRAILER_START:
          this.#state = byte === CR ? FINAL_LF : TRAILER_LINE;
          break;
        case TRAILER_LINE:
          if (byte === CR) this.#state = TRAILER_LF;
          break;
        case TRAILER_LF:
          if (byte !== LF) return -1;
          this.#state = TRAILER_START;
          break;
        case FINAL_LF:
          if (byte !== LF) return -1;
          this.done = true;
          return i;
      }
    }
    return i;
  }
}
