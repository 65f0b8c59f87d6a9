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
/** A failed lease (database away) is tried again after this; connections wait meanwhile. */
const RETRY_MS = 500;

/**
 * One traffic package's budget in this instance: bytes leased from PostgreSQL and spent in
 * memory by all its connections here. The next lease is asked for when a quarter of the last
 * one is left, so transfers rarely wait. When the database has nothing left to lease and this
 * instance has spent what it had, `onExhausted` runs (the package becomes `empty`, its
 * connections close); connections never pass bytes that were not leased, so the package never
 * relays more than its limit, however many connections and instances share it.
 */
export class TrafficBudget implements ByteGate {
  readonly #packageId: number;
  readonly #store: LeaseStore;
  readonly #onExhausted: (packageId: number) => void;
  readonly #onError: (error: unknown) => void;
  #available = 0;
  #leaseSize = FIRST_LEASE;
  #leasedAt = 0;
  #leasing: Promise<void> | null = null;
  #isExhausted = false;
  readonly #waiters: (() => void)[] = [];
  /** Last time a byte was spent (idle budgets give their rest back). */
  lastUsedAt = Date.now();

  constructor(
    packageId: number,
    store: LeaseStore,
    onExhausted: (packageId: number) => void,
    onError: (error: unknown) => void,
  ) {
    this.#packageId = packageId;
    this.#store = store;
    this.#onExhausted = onExhausted;
    this.#onError = onError;
  }

  get isExhausted() {
    return this.#isExhausted;
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
    this.#waiters.push(resume);
    this.#lease();
  }

  /** Takes back what is unspent, to return it to the database (idle package, stop). */
  drain(): number {
    const rest = this.#available;
    this.#available = 0;
    return rest;
  }

  /** The package was cut: nobody waits any more. */
  clear() {
    this.#waiters.length = 0;
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
        if (granted > 0) {
          this.#available += granted;
          this.#wake();
        } else if (this.#available === 0) {
          this.#isExhausted = true;
          this.#waiters.length = 0;
          this.#onExhausted(this.#packageId);
        }
      },
      (error: unknown) => {
        this.#onError(error);
        setTimeout(() => {
          this.#leasing = null;
          if (this.#waiters.length > 0) this.#lease();
        }, RETRY_MS).unref();
      },
    );
  }

  #wake() {
    const waiters = this.#waiters.splice(0);
    for (const resume of waiters) resume();
  }
}
