import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';
import type { Authorized } from '../auth/authenticate.ts';
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

/**
 * A sub-user's side of quotas (gateway_lease_sub_user_traffic and
 * gateway_return_sub_user_traffic): each byte leased comes from the sub-user's limit and from its
 * package's grant in one transaction, so both hold.
 */
export const createSubUserLeaseStore = (db: DbRoot): LeaseStore => ({
  lease: async (subUserId, want) => {
    const result = await sql<{
      granted: number | string;
    }>`SELECT gateway_lease_sub_user_traffic(${subUserId}, ${want}) AS granted`.execute(db);
    return Number(result.rows[0]?.granted ?? 0);
  },
  giveBack: async (subUserId, bytes) => {
    await sql`SELECT gateway_return_sub_user_traffic(${subUserId}, ${bytes})`.execute(db);
  },
});

export type Gates = { up: ByteGate | null; down: ByteGate | null };
const NO_GATES: Gates = { up: null, down: null };

type Speed = { mbps: number; up: TokenBucket; down: TokenBucket };

const isUnreachable = (budget: TrafficBudget | undefined) =>
  budget !== undefined && budget.isUnreachable && budget.available === 0;

/**
 * The live limits of each package in this instance: the traffic budget of dynamic and premium
 * packages (bytes up plus down, one budget for both directions), the speed limit of unlimited
 * packages (one bucket per direction, each at the limit), and the connection cap per family.
 * A sub-user with a traffic limit of its own spends from a budget of its own, leased from its
 * limit and its package's grant at once (createSubUserLeaseStore); one without spends from its
 * package's. While its leases fail (the database away), a traffic package (or sub-user) with
 * nothing leased here is refused at once (`isUnreachable`); the others go on.
 */
export class PackageLimits {
  readonly #budgets = new Map<number, TrafficBudget>();
  /** By sub-user id: the budgets of sub-users with a limit of their own. */
  readonly #subUserBudgets = new Map<number, TrafficBudget>();
  readonly #speeds = new Map<number, Speed>();
  readonly #store: LeaseStore;
  readonly #subUserStore: LeaseStore;
  readonly #connectionCaps: Readonly<Record<PackageFamily, number>>;
  readonly #events: BudgetEvents;
  readonly #subUserEvents: BudgetEvents;

  constructor(options: {
    store: LeaseStore;
    subUserStore: LeaseStore;
    connectionCaps: Readonly<Record<PackageFamily, number>>;
    onExhausted: (packageId: number) => void;
    /** Connections of a package to close: nothing leased is left and the database is away. */
    onUnavailable: (packageId: number) => void;
    /** A sub-user's lease came back empty once its budget here was spent (see gateway.ts). */
    onSubUserExhausted: (subUserId: number) => void;
    /** The same as onUnavailable, for a sub-user's own budget. */
    onSubUserUnavailable: (subUserId: number) => void;
    onError: (error: unknown) => void;
  }) {
    this.#store = options.store;
    this.#subUserStore = options.subUserStore;
    this.#connectionCaps = options.connectionCaps;
    this.#events = {
      onExhausted: options.onExhausted,
      onUnavailable: options.onUnavailable,
      onError: options.onError,
    };
    this.#subUserEvents = {
      onExhausted: options.onSubUserExhausted,
      onUnavailable: options.onSubUserUnavailable,
      onError: options.onError,
    };
  }

  connectionCap(entry: PackageEntry): number {
    return this.#connectionCaps[entry.family];
  }

  /**
   * A traffic package whose budget ran out here, or a sub-user whose own did: new connections
   * are refused.
   */
  isExhausted(authorized: Authorized): boolean {
    const { entry, subUser } = authorized;
    if (this.#budgets.get(entry.id)?.isExhausted === true) return true;
    return subUser !== null && this.#subUserBudgets.get(subUser.id)?.isExhausted === true;
  }

  /**
   * A traffic package (or sub-user with a limit of its own) that cannot be served now: nothing
   * of its lease is left here and its last lease failed (the database away). One without a
   * budget here yet is let in: its first lease tells.
   */
  isUnreachable(authorized: Authorized): boolean {
    const { entry, subUser } = authorized;
    if (subUser !== null && subUser.trafficLimitBytes !== null)
      return isUnreachable(this.#subUserBudgets.get(subUser.id));
    return isUnreachable(this.#budgets.get(entry.id));
  }

  /** The gates a connection passes its bytes through (held for its life: no lookup per chunk). */
  gatesFor(authorized: Authorized): Gates {
    const { entry, subUser } = authorized;
    if (subUser !== null && subUser.trafficLimitBytes !== null) {
      let budget = this.#subUserBudgets.get(subUser.id);
      if (!budget) {
        budget = new TrafficBudget(subUser.id, this.#subUserStore, this.#subUserEvents);
        this.#subUserBudgets.set(subUser.id, budget);
      }
      return { up: budget, down: budget };
    }
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

  /** A sub-user's limit changed (or its exhaustion was not final): lease again if it ran dry. */
  reviveSubUser(subUserId: number) {
    const budget = this.#subUserBudgets.get(subUserId);
    if (budget?.isExhausted === true) budget.revive();
  }

  /** The sub-user is gone, moved, or no longer has a limit of its own: give back its lease. */
  forgetSubUser(subUserId: number) {
    const budget = this.#subUserBudgets.get(subUserId);
    if (!budget) return;
    budget.clear();
    this.#subUserBudgets.delete(subUserId);
    void this.#giveBackNow(this.#subUserStore, subUserId, budget.drain());
  }

  /** The package is gone or was cut: drop its state, give back what it had leased. */
  forget(packageId: number) {
    const budget = this.#budgets.get(packageId);
    if (budget) {
      budget.clear();
      this.#budgets.delete(packageId);
      void this.#giveBackNow(this.#store, packageId, budget.drain());
    }
    const speed = this.#speeds.get(packageId);
    if (speed) {
      speed.up.clear();
      speed.down.clear();
      this.#speeds.delete(packageId);
    }
  }

  /**
   * Budgets idle here give their rest back (packages' and sub-users'); speed state of idle
   * packages is dropped.
   */
  sweep(
    isInUse: (packageId: number) => boolean,
    isSubUserInUse: (subUserId: number) => boolean,
    now: number,
  ) {
    this.#sweepBudgets(this.#budgets, this.#store, isInUse, now);
    this.#sweepBudgets(this.#subUserBudgets, this.#subUserStore, isSubUserInUse, now);
    for (const packageId of this.#speeds.keys())
      if (!isInUse(packageId)) this.#speeds.delete(packageId);
  }

  /** The graceful stop: every unspent lease goes back. */
  async returnAll() {
    const returns = [
      ...this.#returnEvery(this.#budgets, this.#store),
      ...this.#returnEvery(this.#subUserBudgets, this.#subUserStore),
    ];
    await Promise.all(returns);
  }

  #returnEvery(budgets: Map<number, TrafficBudget>, store: LeaseStore): Promise<void>[] {
    const returns = [...budgets].map(([id, budget]) => {
      budget.clear();
      return this.#giveBackNow(store, id, budget.drain());
    });
    budgets.clear();
    return returns;
  }

  #sweepBudgets(
    budgets: Map<number, TrafficBudget>,
    store: LeaseStore,
    isInUse: (id: number) => boolean,
    now: number,
  ) {
    for (const [id, budget] of budgets) {
      if (isInUse(id) || now - budget.lastUsedAt < IDLE_RETURN_MS) continue;
      // An unreachable budget stays: it retries its lease until the database answers.
      if (budget.isExhausted || budget.isUnreachable) continue;
      budget.clear();
      budgets.delete(id);
      void this.#giveBackNow(store, id, budget.drain());
    }
  }

  async #giveBackNow(store: LeaseStore, id: number, bytes: number) {
    if (bytes <= 0) return;
    await store.giveBack(id, bytes).catch(this.#events.onError);
  }
}
