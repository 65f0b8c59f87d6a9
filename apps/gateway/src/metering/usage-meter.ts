/**
 * Bytes of one package since the last flush. Connections hold the object and add to it per
 * chunk (two number fields: no allocation, no lookup on the hot path).
 */
export type UsageCounter = { readonly packageId: number; up: number; down: number };

export type UsageDelta = { packageId: number; up: number; down: number };

/** The in-memory side of metering: one counter per package, drained by the flusher. */
export class UsageMeter {
  readonly #counters = new Map<number, UsageCounter>();

  counter(packageId: number): UsageCounter {
    let counter = this.#counters.get(packageId);
    if (!counter) {
      counter = { packageId, up: 0, down: 0 };
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
    }
    return deltas;
  }
}
