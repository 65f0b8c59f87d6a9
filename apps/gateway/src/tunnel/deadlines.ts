/** Something that ends at `expiresAt` (ms since the epoch) unless it moves that on first. */
export type Expiring = { expiresAt: number; expire: () => void };

/**
 * The timeouts of connections on TCP handles (handshake, connect, idle): one timer for all of
 * them, sweeping every `intervalMs`, instead of a timer per connection re-armed on every read.
 * Activity only moves a number on (`expiresAt = deadlines.now + timeout`), so an active tunnel
 * costs nothing here; a timeout fires up to one interval late.
 */
export class Deadlines {
  /** The time as of the last sweep (or the first add after a pause): cheap, up to an interval old. */
  now = Date.now();
  readonly #items = new Set<Expiring>();
  readonly #intervalMs: number;
  #timer: NodeJS.Timeout | null = null;

  constructor(intervalMs: number) {
    this.#intervalMs = intervalMs;
  }

  get size() {
    return this.#items.size;
  }

  add(item: Expiring) {
    this.#items.add(item);
    if (this.#timer !== null) return;
    this.now = Date.now();
    this.#timer = setInterval(() => this.#sweep(), this.#intervalMs);
    this.#timer.unref();
  }

  delete(item: Expiring) {
    this.#items.delete(item);
  }

  stop() {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }

  #sweep() {
    const now = Date.now();
    this.now = now;
    for (const item of this.#items)
      if (item.expiresAt <= now) {
        this.#items.delete(item);
        item.expire();
      }
    if (this.#items.size === 0) this.stop();
  }
}
