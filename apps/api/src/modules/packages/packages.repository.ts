import { sql, type RawBuilder } from 'kysely';
import type { Db, PackagesTable } from '@proxy/db';
import type { Insertable } from 'kysely';

export type NewPackage = Insertable<PackagesTable>;

/** jsonb columns: their insert values are JSON text (NewPackage), put into the record as JSON. */
const JSONB_COLUMNS = new Set<string>(['tariff', 'ips']);

/**
 * insertPackage as the body of a CTE, written only while `when` holds, returning `id`. The
 * row travels as one JSON parameter turned into a packages record (json_populate_record), so
 * each column gets its own type and the text is the same for every row of the same columns
 * (one prepared statement).
 */
export const insertPackageSql = (values: NewPackage, when: RawBuilder<boolean>) => {
  const columns = Object.keys(values)
    .filter((column) => values[column as keyof NewPackage] !== undefined)
    .sort();
  const record = Object.fromEntries(
    columns.map((column) => {
      const value: unknown = values[column as keyof NewPackage];
      return [
        column,
        JSONB_COLUMNS.has(column) && typeof value === 'string' ? JSON.parse(value) : value,
      ];
    }),
  );
  const list = sql.join(columns.map((column) => sql.ref(column)));
  return sql`INSERT INTO packages (${list})
    SELECT ${list} FROM json_populate_record(NULL::packages, ${JSON.stringify(record)}::json)
    WHERE ${when}
    RETURNING id`;
};

/**
 * Bytes the gateway metered in the package's current traffic period (migration 0016): read from
 * the hourly usage table (primary key prefix package_id), never from a counter on the row.
 */
const periodUsage = sql<number>`package_period_usage(packages.id)`.as('period_used_bytes');

/** Owner-scoped list, newest first (index packages_user_created_idx), with period usage. */
export const findUserPackages = (db: Db, userId: number, limit = 200) =>
  db
    .selectFrom('packages')
    .selectAll()
    .select(periodUsage)
    .where('user_id', '=', userId)
    // Deleted packages stay as history (decision 113): never shown to their owner.
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** Owner-scoped, with period usage: another user's id reads as missing (404). */
export const findUserPackage = (db: Db, userId: number, id: number) =>
  db
    .selectFrom('packages')
    .selectAll()
    .select(periodUsage)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** The states a package is in until provisioning has run once. */
const UNPROVISIONED = ['pending', 'processing'] as const;

/**
 * Locks the packages of `ids` that still wait for provisioning (FOR UPDATE, in id order so
 * two batches sharing ids cannot deadlock) and returns their ids. Another job for the same
 * package waits here until this transaction ends, then finds it provisioned.
 */
export const lockUnprovisionedPackages = async (tx: Db, ids: number[]) =>
  (
    await tx
      .selectFrom('packages')
      .select('id')
      .where('id', 'in', ids)
      .where('status', 'in', UNPROVISIONED)
      .orderBy('id')
      .forUpdate()
      .execute()
  ).map((row) => row.id);

/** Provisioning done: pending -> active (only rows still waiting, so a replay changes nothing). */
export const activatePackages = (tx: Db, ids: number[]) =>
  tx
    .updateTable('packages')
    .set({ status: 'active', activated_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .where('status', 'in', UNPROVISIONED)
    .execute();

/**
 * Packages still waiting for provisioning that were created at least `minAgeSeconds` ago,
 * oldest first (partial index packages_unprovisioned_idx).
 */
export const findUnprovisionedPackageIds = async (db: Db, minAgeSeconds: number, limit: number) =>
  (
    await db
      .selectFrom('packages')
      .select('id')
      .where('status', 'in', UNPROVISIONED)
      .where('created_at', '<=', sql<Date>`now() - make_interval(secs => ${minAgeSeconds})`)
      .orderBy('id')
      .limit(limit)
      .execute()
  ).map((row) => row.id);

/** A gateway heartbeat older than this belongs to an instance that stopped or crashed. */
const HEARTBEAT_FRESH_SECONDS = 30;

/**
 * The package's current speed summed over the gateway instances carrying it (bytes per second),
 * and CPU and memory use of the busiest host carrying it, else of the busiest host running
 * (migration 0016's heartbeats; NULLs when no instance is running).
 */
export const findLiveMetrics = async (db: Db, packageId: number) => {
  const key = String(packageId);
  const row = await db
    .selectFrom('gateway_instances')
    .select([
      sql<number>`coalesce(sum((package_speeds ->> ${key})::float8), 0)`.as('bytes_per_second'),
      sql<
        number | null
      >`coalesce(max(cpu_usage) FILTER (WHERE package_speeds ? ${key}), max(cpu_usage))`.as(
        'cpu_usage',
      ),
      sql<
        number | null
      >`coalesce(max(ram_usage) FILTER (WHERE package_speeds ? ${key}), max(ram_usage))`.as(
        'ram_usage',
      ),
    ])
    .where('updated_at', '>', sql<Date>`now() - make_interval(secs => ${HEARTBEAT_FRESH_SECONDS})`)
    .executeTakeFirstOrThrow();
  return {
    bytesPerSecond: Number(row.bytes_per_second),
    cpuUsage: row.cpu_usage === null ? null : Number(row.cpu_usage),
    ramUsage: row.ram_usage === null ? null : Number(row.ram_usage),
  };
};
