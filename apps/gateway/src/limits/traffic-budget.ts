import type { ByteGate } from '../tunnel/relay.ts';

/** The database side of quotas (gateway_lease_traffic and gateway_return_traffic). */
export type LeaseStore = {
  /** Up to `want` bytes of the package's remainder (0: none left, or not a traffic package). */
  lease: (packageId: number, want: number) => Promise<number>;
  /** Gives back bytes leased and not spent. */
  giveBack: (packageId: number, bytes: number) => Promise<void>;
};

const FIRST_LEASE = 256 * 1024;
const MAX_LEASE = 16 * 1024 * 1024;
/** A lease spent faster than this makes the next one twice as large (fewer round trips). */
const FAST_LEASE_MS = 1_000;
/** A failed lease (database away) is tried again after this, until one succeeds. */
const RETRY_MS = 500;

/** What a budget tells its owner. */
export type BudgetEvents = {
  /** The database has nothing left to lease and this instance spent what it had. */
  onExhausted: (packageId: number) => void;
  /**
   * Nothing is left here and the database cannot be reached: the package's connections are to
   * close now rather than wait (new ones are refused until a lease succeeds).
   */
  onUnavailable: (packageId: number) => void;
  /** A lease failed (it is retried). */
  onError: (error: unknown) => void;
};

/**
 * One traffic package's budget in this instance: bytes leased from PostgreSQL and spent in
 * memory by all its connections here. The next lease is asked for when a quarter of the last
 * one is left, so transfers rarely wait. When the database has nothing left to lease and this
 * instance has spent what it had, `onExhausted` runs (the package becomes `empty`, its
 * connections close); connections never pass bytes that were not leased, so the package never
 * relays more than its limit, however many connections and instances share it.
 *
 * While the database cannot be reached, connections spend what the budget holds; once it is
 * spent, `onUnavailable` closes them instead of letting them wait, and the lease is tried
 * again every RETRY_MS until the database answers.
 */
export class TrafficBudget implements ByteGate {
  readonly #packageId: number;
  readonly #store: LeaseStore;
  readonly #events: BudgetEvents;
  #available = 0;
  /** The last lease failed (the database away); cleared by the next one that succeeds. */
  #isUnreachable = false;
  /** The package was cut or forgotten: no retries any more. */
  #isCleared = false;
  #leaseSize = FIRST_LEASE;
  #leasedAt = 0;
  #leasing: Promise<void> | null = null;
  #isExhausted = false;
  readonly #waiters: (() => void)[] = [];
  /** Last time a byte was spent (idle budgets give their rest back). */
  lastUsedAt = Date.now();

  constructor(packageId: number, store: LeaseStore, events: BudgetEvents) {
    this.#packageId = packageId;
    this.#store = store;
    this.#events = events;
  }

  get isExhausted() {
    return this.#isExhausted;
  }

  /** Whether the last lease failed (the database away). */
  get isUnreachable() {
    return this.#isUnreachable;
  }

  get available() {
    return this.#available;
  }

  take(n: number): number {
    this.lastUsedAt = Date.now();
    const grant = Math.min(n, this.#available);
    this.#available -= grant;
    if (this.#available < this.#leaseSize / 4) this.#lease();
    return grant;
  }

  wait(resume: () => void) {
    if (this.#isExhausted) return;
    if (this.#isUnreachable && this.#available === 0) {
      // Closed after the caller's turn: it is in the middle of passing a chunk.
      setImmediate(() => this.#events.onUnavailable(this.#packageId));
      return;
    }
    this.#waiters.push(resume);
    this.#lease();
  }

  /** Takes back what is unspent, to return it to the database (idle package, stop). */
  drain(): number {
    const rest = this.#available;
    this.#available = 0;
    return rest;
  }

  /** The package was cut or is forgotten: nobody waits any more, no lease is retried. */
  clear() {
    this.#waiters.length = 0;
    this.#isCleared = true;
  }

  /** After `onExhausted` found the limit raised: lease again. */
  revive() {
    this.#isExhausted = false;
    this.#lease();
  }

  #lease() {
    if (this.#leasing !== null || this.#isExhausted) return;
    const now = Date.now();
    if (this.#leasedAt > 0 && now - this.#leasedAt < FAST_LEASE_MS)
      this.#leaseSize = Math.min(this.#leaseSize * 2, MAX_LEASE);
    this.#leasedAt = now;
    this.#leasing = this.#store.lease(this.#packageId, this.#leaseSize).then(
      (granted) => {
        this.#leasing = null;
        this.#isUnreachable = false;
        if (granted > 0) {
          this.#available += granted;
          this.#wake();
        } else if (this.#available === 0) {
          this.#isExhausted = true;
          this.#waiters.length = 0;
          this.#events.onExhausted(this.#packageId);
        }
      },
      (error: unknown) => {
        this.#isUnreachable = true;
        this.#events.onError(error);
        if (this.#available === 0 && this.#waiters.length > 0) {
          this.#waiters.length = 0;
          this.#events.onUnavailable(this.#packageId);
        }
        setTimeout(() => {
          this.#leasing = null;
          if (!this.#isCleared) this.#lease();
        }, RETRY_MS).unref();
      },
    );
  }

  #wake() {
    const waiters = this.#waiters.splice(0);
    for (const resume of waiters) resume();
  }
}
