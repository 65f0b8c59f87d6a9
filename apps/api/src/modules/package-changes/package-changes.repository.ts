import { sql, type Updateable } from 'kysely';
import type { Db, PackagesTable } from '@proxy/db';

const ownPackageQuery = (db: Db, userId: number, id: number) =>
  db
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null);

/** One package of the user for a read; deleted, foreign and unknown ids read as missing. */
export const findOwnPackage = (db: Db, userId: number, id: number) =>
  ownPackageQuery(db, userId, id).executeTakeFirst();

/**
 * findOwnPackage row-locked for a change until the transaction ends: a second change of the
 * same package waits here and then sees the first one's result.
 */
export const lockOwnPackage = (tx: Db, userId: number, id: number) =>
  ownPackageQuery(tx, userId, id).forUpdate().executeTakeFirst();

export type LockedPackage = NonNullable<Awaited<ReturnType<typeof lockOwnPackage>>>;

/**
 * Deleted: kept as history (decision 113), out of every customer-facing read, and no longer
 * served: the status change is announced to the gateway (the gateway_notify trigger), which
 * drops the credentials and closes the package's connections. Auto-renewal stops.
 */
export const markPackageDeleted = (tx: Db, id: number) =>
  tx
    .updateTable('packages')
    .set({ status: 'deactivate', deleted_at: sql<Date>`now()`, auto_update: false })
    .where('id', '=', id)
    .execute();

/** The ISP swap: the new addresses, and the mark that it happened (the spec's `swaped`). */
export const swapPackageIps = (tx: Db, id: number, ips: readonly string[]) =>
  tx
    .updateTable('packages')
    .set({ ips: JSON.stringify(ips), swapped_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();

/**
 * Writes a change of the package's terms (status, validity, tariff, limits) and, for a traffic
 * package that gets fresh traffic, starts a new traffic period (start_traffic_period): usage counts
 * from zero and the gateway instances lease the new budget afresh.
 */
export const updatePackageTerms = async (
  tx: Db,
  id: number,
  values: Updateable<PackagesTable>,
  options: { newTrafficPeriod: boolean },
) => {
  await tx.updateTable('packages').set(values).where('id', '=', id).execute();
  if (options.newTrafficPeriod) await sql`SELECT start_traffic_period(${id})`.execute(tx);
};

/** Bytes the gateway metered in the package's current traffic period (decision 098). */
export const findPeriodUsage = async (db: Db, id: number) => {
  const { rows } = await sql<{ used: string }>`SELECT package_period_usage(${id}) AS used`.execute(
    db,
  );
  return Number(rows[0]?.used ?? 0);
};
