/**
 * Bytes of one package since the last flush. Connections hold the object and add to it per
 * chunk (two number fields: no allocation, no lookup on the hot path).
 */
export type UsageCounter = {
  readonly packageId: number;
  up: number;
  down: number;
  /** Of `up` and `down`, what the journal has been told (takeNoted). */
  notedUp: number;
  notedDown: number;
};

export type UsageDelta = { packageId: number; up: number; down: number };

/** The in-memory side of metering: one counter per package, drained by the flusher. */
export class UsageMeter {
  readonly #counters = new Map<number, UsageCounter>();

  counter(packageId: number): UsageCounter {
    let counter = this.#counters.get(packageId);
    if (!counter) {
      counter = { packageId, up: 0, down: 0, notedUp: 0, notedDown: 0 };
      this.#counters.set(packageId, counter);
    }
    return counter;
  }

  /**
   * The bytes counted since the last call, counters back at zero. A counter that counted
   * nothing is dropped unless `isInUse` says a connection still holds it (the next connection
   * of that package gets a fresh one), so the map does not grow with every package ever seen.
   */
  takeDeltas(isInUse: (packageId: number) => boolean): UsageDelta[] {
    const deltas: UsageDelta[] = [];
    for (const counter of this.#counters.values()) {
      if (counter.up === 0 && counter.down === 0) {
        if (!isInUse(counter.packageId)) this.#counters.delete(counter.packageId);
        continue;
      }
      deltas.push({ packageId: counter.packageId, up: counter.up, down: counter.down });
      counter.up = 0;
      counter.down = 0;
      counter.notedUp = 0;
      counter.notedDown = 0;
    }
    return deltas;
  }

  /** The journal started over: the next takeNoted returns everything counted since takeDeltas. */
  forgetNoted() {
    for (const counter of this.#counters.values()) {
      counter.notedUp = 0;
      counter.notedDown = 0;
    }
  }

  /** The bytes counted since the last call or takeDeltas, for the journal; counters unchanged. */
  takeNoted(): UsageDelta[] {
    const deltas: UsageDelta[] = [];
    for (const counter of this.#counters.values()) {
      const up = counter.up - counter.notedUp;
      const down = counter.down - counter.notedDown;
      if (up === 0 && down === 0) continue;
      deltas.push({ packageId: counter.packageId, up, down });
      counter.notedUp = counter.up;
      counter.notedDown = counter.down;
    }
    return deltas;
  }
}
