import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { PackageRowType, PackageSortField, PackageStatus, TariffFacts } from '@proxy/contract';
import {
  countedTotal,
  findPage,
  NEWEST_FIRST,
  whereEquals,
  type Db,
  type PackagesTable,
} from '@proxy/db';
import type { PageRequest } from '../../lib/list-query.ts';

/** How a request names a package: by id, by uuid, or by its key (contents, exports, API tools). */
export type PackageRef = { id: number } | { uuid: string } | { packageKey: string };

/** The user's package named by `ref`, to select from: another user's reads as missing (404). */
export const ownedPackageQuery = (db: Db, userId: number, ref: PackageRef) => {
  const owned = db.selectFrom('packages').where('user_id', '=', userId);
  if ('id' in ref) return owned.where('id', '=', ref.id);
  if ('uuid' in ref) return owned.where('uuid', '=', ref.uuid);
  return owned.where('package_key', '=', ref.packageKey);
};

/** The tariff snapshot of a package row (packages.tariff, written by the purchase). */
export type TariffSnapshot = {
  id?: number;
  title?: string;
  price?: number;
  traffic?: number | null;
  ports?: number | null;
  duration_days?: number | null;
  speed_limit?: number | null;
};

export const tariffSnapshotOf = (p: { tariff: Record<string, unknown> }) =>
  p.tariff as TariffSnapshot;

/** What the cabinet names a bought tariff by (contract tariffFactsFields), from its snapshot. */
export const tariffFactsOf = (t: TariffSnapshot): TariffFacts => ({
  tariff_ports: t.ports ?? null,
  tariff_traffic: t.traffic ?? null,
  tariff_speed_limit: t.speed_limit ?? null,
  tariff_duration_days: t.duration_days ?? null,
});

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
 * Bytes the gateway metered in the package's current traffic period (decision 098): read from
 * the hourly usage table (primary key prefix package_id), never from a counter on the row.
 */
const periodUsage = sql<number>`package_period_usage(packages.id)`.as('period_used_bytes');

/** The API's date format, made by PostgreSQL (decision 087). */
const isoDate = (column: 'created_at' | 'expires_at') =>
  sql<
    string | null
  >`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Sort columns of the table: an own column, or the tariff snapshot's title (by its alias). */
const PACKAGE_SORT_COLUMNS = {
  created_at: 'created_at',
  id: 'id',
  expired_at: 'expires_at',
  status: 'status',
  type: 'type',
  tariff_name: 'tariff_name',
} as const satisfies Record<PackageSortField, string>;

export type PackagesPageQuery = PageRequest<PackageSortField> & {
  userId: number;
  type?: PackageRowType | undefined;
  status?: PackageStatus | undefined;
};

/**
 * One page of the owner's packages with the table's columns. The default order reads the page
 * from packages_user_created_idx (a filter from its status or type sibling); other sorts order the
 * user's own rows only, so the cost follows the user's packages, never the table's.
 */
export const findPackagesPage = (db: Db, query: PackagesPageQuery) => {
  const filters = { user_id: query.userId, type: query.type, status: query.status };
  return findPage(
    // Deleted packages stay as history (decision 113): never shown to their owner.
    whereEquals(db.selectFrom('packages').where('deleted_at', 'is', null), filters),
    (q) =>
      q.select([
        'id',
        'type',
        'status',
        'package_key',
        'traffic_limit_bytes',
        sql<string>`coalesce(tariff ->> 'title', '')`.as('tariff_name'),
        'tariff',
        isoDate('created_at').$castTo<string>().as('created_at_iso'),
        isoDate('expires_at').as('expires_at_iso'),
        periodUsage,
      ]),
    {
      ...query,
      // The alias of the selected title: ORDER BY takes an output column's name.
      sortColumn: PACKAGE_SORT_COLUMNS[query.sort] as 'created_at',
      tieBreakers: NEWEST_FIRST,
    },
    countedTotal(db, 'packages', query.userId, [query.type, query.status]),
  );
};

/** Owner-scoped, with period usage: another user's id reads as missing (404). */
export const findUserPackage = (db: Db, userId: number, id: number) =>
  db
    .selectFrom('packages')
    .selectAll()
    .select(periodUsage)
    // The codes of where the package exits, which the cabinet names in the user's language.
    .select((eb) => [
      eb
        .selectFrom('isp_countries')
        .select('iso2')
        .whereRef('isp_countries.id', '=', 'packages.country_id')
        .as('country_iso2'),
      eb
        .selectFrom('unlim_locations')
        .select('iso2')
        .whereRef('unlim_locations.id', '=', 'packages.location_id')
        .as('location_iso2'),
      eb
        .selectFrom('unlim_locations')
        .select('city')
        .whereRef('unlim_locations.id', '=', 'packages.location_id')
        .as('location_city'),
    ])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * The ledger entry that paid for the package (its first `buy_*` entry; index
 * ledger_entries_ref_idx): the id the transactions table shows, the ISP panel's order_id.
 */
export const findPurchaseEntryId = async (db: Db, userId: number, packageId: number) => {
  const row = await db
    .selectFrom('ledger_entries')
    .select('id')
    .where('ref_type', '=', 'package')
    .where('ref_id', '=', String(packageId))
    .where('user_id', '=', userId)
    .where('type', 'like', 'buy\\_%')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
};

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
 * (the gateway_instances heartbeats; NULLs when no instance is running).
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
