/** Anything open on behalf of a package: a tunnel, a forwarded request. */
export type LiveConnection = { close: () => void };

/**
 * The open connections of each package, so a change can reach them: a package deactivated,
 * expired or given a new password has its tunnels closed at once instead of at their end.
 */
export class ConnectionRegistry {
  readonly #byPackage = new Map<number, Set<LiveConnection>>();
  /** Every connection held, whatever its id (`includes`). */
  readonly #all = new Set<LiveConnection>();

  get total() {
    return this.#all.size;
  }

  /** Whether the connection is registered here (under any id). */
  includes(connection: LiveConnection): boolean {
    return this.#all.has(connection);
  }

  count(packageId: number): number {
    return this.#byPackage.get(packageId)?.size ?? 0;
  }

  packageIds(): IterableIterator<number> {
    return this.#byPackage.keys();
  }

  add(packageId: number, connection: LiveConnection) {
    let set = this.#byPackage.get(packageId);
    if (!set) {
      set = new Set();
      this.#byPackage.set(packageId, set);
    }
    set.add(connection);
    this.#all.add(connection);
  }

  delete(packageId: number, connection: LiveConnection) {
    const set = this.#byPackage.get(packageId);
    if (!set?.delete(connection)) return;
    this.#all.delete(connection);
    if (set.size === 0) this.#byPackage.delete(packageId);
  }

  /** Closes every open connection of the package (but those `spare` keeps); returns how many. */
  cut(packageId: number, spare?: (connection: LiveConnection) => boolean): number {
    const set = this.#byPackage.get(packageId);
    if (!set) return 0;
    const connections = spare ? [...set].filter((connection) => !spare(connection)) : [...set];
    for (const connection of connections) connection.close();
    return connections.length;
  }

  cutAll(): number {
    let closed = 0;
    for (const packageId of [...this.#byPackage.keys()]) closed += this.cut(packageId);
    return closed;
  }
}
