/**
 * Bytes of one package's own logins, or of one of its sub-users, since the last flush.
 * Connections hold the object and add to it per chunk (two number fields: no allocation, no
 * lookup on the hot path); a sub-user's bytes are booked to its package and to it at the flush.
 */
export type UsageCounter = {
  readonly packageId: number;
  /** null: the package's own login (or a list of it). */
  readonly subUserId: number | null;
  up: number;
  down: number;
  /** Of `up` and `down`, what the journal has been told (takeNoted). */
  notedUp: number;
  notedDown: number;
};

/**
 * Bytes to add to a package's usage, and to its sub-user's when `subUserId` is set (absent in
 * batches journaled before sub-users existed: the package's own).
 */
export type UsageDelta = {
  packageId: number;
  subUserId?: number | null;
  up: number;
  down: number;
};

/**
 * The in-memory side of metering: one counter per package (its own logins) and one per
 * sub-user, drained by the flusher.
 */
export class UsageMeter {
  readonly #counters = new Map<number, UsageCounter>();
  readonly #subUserCounters = new Map<number, UsageCounter>();
  /** Counters replaced while they held bytes (a sub-user moved): drained once, then gone. */
  readonly #retired: UsageCounter[] = [];

  counter(packageId: number, subUserId: number | null = null): UsageCounter {
    const counters = subUserId === null ? this.#counters : this.#subUserCounters;
    const key = subUserId ?? packageId;
    let counter = counters.get(key);
    // A sub-user moved to another package counts from a fresh counter under its new package.
    if (!counter || counter.packageId !== packageId) {
      if (counter && (counter.up !== 0 || counter.down !== 0)) this.#retired.push(counter);
      counter = { packageId, subUserId, up: 0, down: 0, notedUp: 0, notedDown: 0 };
      counters.set(key, counter);
    }
    return counter;
  }

  /**
   * The bytes counted since the last call, counters back at zero. A counter that counted
   * nothing is dropped unless `isInUse` says a connection still holds it (the next connection
   * of that package or sub-user gets a fresh one), so the maps do not grow with every package
   * ever seen.
   */
  takeDeltas(isInUse: (counter: UsageCounter) => boolean): UsageDelta[] {
    const deltas: UsageDelta[] = [];
    for (const counters of [this.#counters, this.#subUserCounters])
      for (const [key, counter] of counters) {
        if (counter.up === 0 && counter.down === 0) {
          if (!isInUse(counter)) counters.delete(key);
          continue;
        }
        deltas.push(deltaOf(counter, counter.up, counter.down));
        resetCounter(counter);
      }
    for (const counter of this.#retired.splice(0)) {
      if (counter.up === 0 && counter.down === 0) continue;
      deltas.push(deltaOf(counter, counter.up, counter.down));
      resetCounter(counter);
    }
    return deltas;
  }

  /** The journal started over: the next takeNoted returns everything counted since takeDeltas. */
  forgetNoted() {
    for (const counter of this.#all()) {
      counter.notedUp = 0;
      counter.notedDown = 0;
    }
  }

  /** The bytes counted since the last call or takeDeltas, for the journal; counters unchanged. */
  takeNoted(): UsageDelta[] {
    const deltas: UsageDelta[] = [];
    for (const counter of this.#all()) {
      const up = counter.up - counter.notedUp;
      const down = counter.down - counter.notedDown;
      if (up === 0 && down === 0) continue;
      deltas.push(deltaOf(counter, up, down));
      counter.notedUp = counter.up;
      counter.notedDown = counter.down;
    }
    return deltas;
  }

  *#all(): Generator<UsageCounter> {
    yield* this.#counters.values();
    yield* this.#subUserCounters.values();
    yield* this.#retired;
  }
}

const deltaOf = (counter: UsageCounter, up: number, down: number): UsageDelta =>
  counter.subUserId === null
    ? { packageId: counter.packageId, up, down }
    : { packageId: counter.packageId, subUserId: counter.subUserId, up, down };

const resetCounter = (counter: UsageCounter) => {
  counter.up = 0;
  counter.down = 0;
  counter.notedUp = 0;
  counter.notedDown = 0;
};
