import { sql } from 'kysely';
import type { Db } from '@proxy/db';
import type { UsageBucket } from '@proxy/contract';
import { ownedPackageQuery, type PackageRef } from '../packages/packages.repository.ts';

/** The columns a statistics page, the report and the API tools page read of a package. */
const PACKAGE_COLUMNS = [
  'id',
  'uuid',
  'user_id',
  'package_key',
  'type',
  'tariff',
  'status',
  'created_at',
  'expires_at',
  'traffic_limit_bytes',
  'login',
  'password_encrypted',
  'port_http',
  'port_socks',
  'ips',
  'socks',
] as const;

/** A package named by its id, uuid or key, only if `userId` owns it (else undefined: 404). */
export const findOwnedPackage = (db: Db, userId: number, by: PackageRef) =>
  ownedPackageQuery(db, userId, by).select(PACKAGE_COLUMNS).executeTakeFirst();

export type OwnedPackage = NonNullable<Awaited<ReturnType<typeof findOwnedPackage>>>;

/**
 * Whose hourly rows a series reads: a package's (package_usage_hourly, every byte of it) or one
 * sub-user's (sub_user_usage_hourly, its share of the package's). Both tables have the same
 * columns and a primary key (owner, hour).
 */
export type UsageOwner = { packageId: number } | { subUserId: number };

const hourlySourceOf = (owner: UsageOwner) =>
  'subUserId' in owner
    ? {
        table: sql.table('sub_user_usage_hourly'),
        key: sql.ref('sub_user_id'),
        id: owner.subUserId,
      }
    : { table: sql.table('package_usage_hourly'), key: sql.ref('package_id'), id: owner.packageId };

/**
 * Bytes per bucket in [from, to) (only buckets with rows): the hourly rows themselves, or their
 * sums per UTC day. Reads the primary key's range (owner, hour).
 */
export const findUsageBuckets = async (
  db: Db,
  owner: UsageOwner,
  bucket: UsageBucket,
  from: Date,
  to: Date,
) => {
  const start =
    bucket === 'hour'
      ? sql<Date>`hour`
      : sql<Date>`date_trunc('day', hour AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
  const source = hourlySourceOf(owner);
  const { rows } = await sql<{ time: Date; bytes_up: number; bytes_down: number }>`
    SELECT ${start} AS time, sum(bytes_up)::bigint AS bytes_up, sum(bytes_down)::bigint AS bytes_down
    FROM ${source.table}
    WHERE ${source.key} = ${source.id} AND hour >= ${from} AND hour < ${to}
    GROUP BY 1
    ORDER BY 1`.execute(db);
  return rows.map((row) => ({
    time: new Date(row.time),
    bytes_up: Number(row.bytes_up),
    bytes_down: Number(row.bytes_down),
  }));
};

/** Sums of [from, now) for each start in `since` (one scan of the package's rows). */
export const findUsageSums = async <K extends string>(
  db: Db,
  packageId: number,
  since: Record<K, Date>,
) => {
  const keys = Object.keys(since) as K[];
  const row = await db
    .selectFrom('package_usage_hourly')
    .select([
      sql<Date | null>`min(hour)`.as('first_hour'),
      sql<number>`coalesce(sum(bytes_up), 0)::bigint`.as('all_up'),
      sql<number>`coalesce(sum(bytes_down), 0)::bigint`.as('all_down'),
      ...keys.flatMap((key) => [
        sql<number>`coalesce(sum(bytes_up) FILTER (WHERE hour >= ${since[key]}), 0)::bigint`.as(
          `${key}_up`,
        ),
        sql<number>`coalesce(sum(bytes_down) FILTER (WHERE hour >= ${since[key]}), 0)::bigint`.as(
          `${key}_down`,
        ),
      ]),
    ])
    .where('package_id', '=', packageId)
    .executeTakeFirstOrThrow();
  const values = row as unknown as Record<string, number | Date | null>;
  const bytes = (name: string) => Number(values[name]);
  const sums = Object.fromEntries(
    keys.map((key) => [key, { up: bytes(`${key}_up`), down: bytes(`${key}_down`) }]),
  ) as Record<K, { up: number; down: number }>;
  const firstHour = values.first_hour;
  return {
    firstHour: firstHour === null || firstHour === undefined ? null : new Date(firstHour),
    all: { up: bytes('all_up'), down: bytes('all_down') },
    sums,
  };
};
