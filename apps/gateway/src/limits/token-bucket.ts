import type { ByteGate } from '../tunnel/relay.ts';

/** Bytes per second of a limit in Mbit/s. */
export const mbpsToBytesPerSecond = (mbps: number) => mbps * 125_000;

/** The most a connection takes per turn while others wait: turns rotate at this grain. */
const QUANTUM_BYTES = 16 * 1024;
/** Burst allowance: this much time's worth of bytes may pass at once after a pause. */
const BURST_MS = 50;

/**
 * A package's speed limit, shared by all its connections: tokens (bytes) refill at the rate,
 * up to a small burst. A connection takes what is there; when it is short it queues, and the
 * queue is served in order, one quantum per turn, so N connections get about 1/N each
 * (fair queueing) and the sum stays at the rate.
 */
export class TokenBucket implements ByteGate {
  #bytesPerMs: number;
  #capacity: number;
  #tokens: number;
  #last = Date.now();
  readonly #waiters: (() => void)[] = [];
  #timer: NodeJS.Timeout | null = null;
  #isServing = false;

  constructor(bytesPerSecond: number) {
    this.#bytesPerMs = bytesPerSecond / 1000;
    this.#capacity = Math.max(QUANTUM_BYTES, this.#bytesPerMs * BURST_MS);
    this.#tokens = this.#capacity;
  }

  /** A new limit (an upgrade) applies from now on. */
  setRate(bytesPerSecond: number) {
    this.#refill();
    this.#bytesPerMs = bytesPerSecond / 1000;
    this.#capacity = Math.max(QUANTUM_BYTES, this.#bytesPerMs * BURST_MS);
    this.#tokens = Math.min(this.#tokens, this.#capacity);
  }

  take(n: number): number {
    // Connections already queued go first: a newcomer does not jump the line.
    if (this.#waiters.length > 0 && !this.#isServing) return 0;
    this.#refill();
    const grant = Math.min(n, this.#isServing ? QUANTUM_BYTES : n, Math.floor(this.#tokens));
    if (grant <= 0) return 0;
    this.#tokens -= grant;
    return grant;
  }

  wait(resume: () => void) {
    this.#waiters.push(resume);
    this.#schedule();
  }

  /** Drops queued connections (the package was cut); they are closed by the registry. */
  clear() {
    this.#waiters.length = 0;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #refill() {
    const now = Date.now();
    this.#tokens = Math.min(this.#capacity, this.#tokens + (now - this.#last) * this.#bytesPerMs);
    this.#last = now;
  }

  #schedule() {
    if (this.#timer !== null || this.#waiters.length === 0) return;
    this.#refill();
    const missing = Math.min(QUANTUM_BYTES, this.#capacity) - this.#tokens;
    const delay = missing <= 0 ? 0 : Math.ceil(missing / this.#bytesPerMs);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#serve();
    }, delay);
    this.#timer.unref();
  }

  #serve() {
    this.#isServing = true;
    try {
      // Each waiter in turn takes up to a quantum; whoever is still short queues again.
      let turns = this.#waiters.length;
      while (turns > 0 && this.#waiters.length > 0) {
        this.#refill();
        if (this.#tokens < 1) break;
        const next = this.#waiters.shift();
        turns -= 1;
        next?.();
      }
    } finally {
      this.#isServing = false;
    }
    this.#schedule();
  }
}
