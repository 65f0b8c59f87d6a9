import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';
import type { PackageEntry, PackageFamily } from '../auth/credential-cache.ts';
import type { ByteGate } from '../tunnel/relay.ts';
import { mbpsToBytesPerSecond, TokenBucket } from './token-bucket.ts';
import { TrafficBudget, type BudgetEvents, type LeaseStore } from './traffic-budget.ts';

/** A budget unused this long gives its rest back, for the package's other instances. */
const IDLE_RETURN_MS = 2_000;

export const createLeaseStore = (db: DbRoot): LeaseStore => ({
  lease: async (packageId, want) => {
    const result = await sql<{
      granted: number | string;
    }>`SELECT gateway_lease_traffic(${packageId}, ${want}) AS granted`.execute(db);
    return Number(result.rows[0]?.granted ?? 0);
  },
  giveBack: async (packageId, bytes) => {
    await sql`SELECT gateway_return_traffic(${packageId}, ${bytes})`.execute(db);
  },
});

export type Gates = { up: ByteGate | null; down: ByteGate | null };
const NO_GATES: Gates = { up: null, down: null };

type Speed = { mbps: number; up: TokenBucket; down: TokenBucket };

/**
 * The live limits of each package in this instance: the traffic budget of dynamic and premium
 * packages (bytes up plus down, one budget for both directions), the speed limit of unlimited
 * packages (one bucket per direction, each at the limit), and the connection cap per family.
 * While its leases fail (the database away), a traffic package with nothing leased here is
 * refused at once (`isUnreachable`); the others go on.
 */
export class PackageLimits {
  readonly #budgets = new Map<number, TrafficBudget>();
  readonly #speeds = new Map<number, Speed>();
  readonly #store: LeaseStore;
  readonly #connectionCaps: Readonly<Record<PackageFamily, number>>;
  readonly #events: BudgetEvents;

  constructor(options: {
    store: LeaseStore;
    connectionCaps: Readonly<Record<PackageFamily, number>>;
    onExhausted: (packageId: number) => void;
    /** Connections of a package to close: nothing leased is left and the database is away. */
    onUnavailable: (packageId: number) => void;
    onError: (error: unknown) => void;
  }) {
    this.#store = options.store;
    this.#connectionCaps = options.connectionCaps;
    this.#events = {
      onExhausted: options.onExhausted,
      onUnavailable: options.onUnavailable,
      onError: options.onError,
    };
  }

  connectionCap(entry: PackageEntry): number {
    return this.#connectionCaps[entry.family];
  }

  /** A traffic package whose budget ran out here: new connections are refused. */
  isExhausted(entry: PackageEntry): boolean {
    return this.#budgets.get(entry.id)?.isExhausted ?? false;
  }

  /**
   * A traffic package that cannot be served now: nothing of its lease is left here and its last
   * lease failed (the database away). A package without a budget here yet is let in: its first
   * lease tells.
   */
  isUnreachable(entry: PackageEntry): boolean {
    const budget = this.#budgets.get(entry.id);
    return budget !== undefined && budget.isUnreachable && budget.available === 0;
  }

  gatesFor(entry: PackageEntry): Gates {
    if (entry.trafficLimitBytes !== null) {
      let budget = this.#budgets.get(entry.id);
      if (!budget) {
        budget = new TrafficBudget(entry.id, this.#store, this.#events);
        this.#budgets.set(entry.id, budget);
      }
      return { up: budget, down: budget };
    }
    if (entry.speedLimitMbps !== null && entry.speedLimitMbps > 0) {
      const rate = mbpsToBytesPerSecond(entry.speedLimitMbps);
      let speed = this.#speeds.get(entry.id);
      if (!speed) {
        speed = {
          mbps: entry.speedLimitMbps,
          up: new TokenBucket(rate),
          down: new TokenBucket(rate),
        };
        this.#speeds.set(entry.id, speed);
      } else if (speed.mbps !== entry.speedLimitMbps) {
        speed.mbps = entry.speedLimitMbps;
        speed.up.setRate(rate);
        speed.down.setRate(rate);
      }
      return speed;
    }
    return NO_GATES;
  }

  /** After `onExhausted`: the database says the limit was raised, lease again. */
  revive(packageId: number) {
    this.#budgets.get(packageId)?.revive();
  }

  /** The package is gone or was cut: drop its state, give back what it had leased. */
  forget(packageId: number) {
    const budget = this.#budgets.get(packageId);
    if (budget) {
      budget.clear();
      this.#budgets.delete(packageId);
      this.#giveBack(packageId, budget.drain());
    }
    const speed = this.#speeds.get(packageId);
    if (speed) {
      speed.up.clear();
      speed.down.clear();
      this.#speeds.delete(packageId);
    }
  }

  /** Budgets idle here give their rest back; speed state of idle packages is dropped. */
  sweep(isInUse: (packageId: number) => boolean, now: number) {
    for (const [packageId, budget] of this.#budgets) {
      if (isInUse(packageId) || now - budget.lastUsedAt < IDLE_RETURN_MS) continue;
      // An unreachable budget stays: it retries its lease until the database answers.
      if (budget.isExhausted || budget.isUnreachable) continue;
      budget.clear();
      this.#budgets.delete(packageId);
      this.#giveBack(packageId, budget.drain());
    }
    for (const packageId of this.#speeds.keys())
      if (!isInUse(packageId)) this.#speeds.delete(packageId);
  }

  /** The graceful stop: every unspent lease goes back. */
  async returnAll() {
    const returns = [...this.#budgets].map(([packageId, budget]) => {
      budget.clear();
      return this.#giveBackNow(packageId, budget.drain());
    });
    this.#budgets.clear();
    await Promise.all(returns);
  }

  #giveBack(packageId: number, bytes: number) {
    void this.#giveBackNow(packageId, bytes);
  }

  async #giveBackNow(packageId: number, bytes: number) {
    if (bytes <= 0) return;
    await this.#store.giveBack(packageId, bytes).catch(this.#events.onError);
  }
}
