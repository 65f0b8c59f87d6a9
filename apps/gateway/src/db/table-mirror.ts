/**
 * A table kept in memory by id (the credential cache, the proxy lists): sync.ts fills it with a
 * full load at start (and after LISTEN was lost), then applies the rows it reads back for the
 * ids each notification names. Both reconcile alike: every row read is upserted, then every id
 * that should have had a row and came back without one is removed. A subclass says what an
 * upsert and a removal do to its entries and its other indexes.
 */
export abstract class TableMirror<Row extends { readonly id: number }, Entry> {
  /** The entries by id; a subclass keeps its other indexes in step with it. */
  protected readonly entries = new Map<number, Entry>();

  get size() {
    return this.entries.size;
  }

  byId(id: number): Entry | undefined {
    return this.entries.get(id);
  }

  /** Everything, as a full load read it: what is not in `rows` is gone. */
  replaceAll(rows: readonly Row[]) {
    this.#reconcile(rows, null);
  }

  /** The current rows of the ids a notification named: an id without a row is gone. */
  apply(ids: Iterable<number>, rows: readonly Row[]) {
    this.#reconcile(rows, ids);
  }

  protected abstract upsert(row: Row): void;

  protected abstract remove(id: number): void;

  /** After every full load and every change set, once all of it is applied. */
  protected applied(): void {
    // Nothing by default: what a change takes away is reported as it is removed or replaced.
  }

  /** `expected` null: every id held once the rows are in (a full load). */
  #reconcile(rows: readonly Row[], expected: Iterable<number> | null) {
    const found = new Set<number>();
    for (const row of rows) {
      found.add(row.id);
      this.upsert(row);
    }
    for (const id of expected ?? [...this.entries.keys()]) if (!found.has(id)) this.remove(id);
    this.applied();
  }
}
