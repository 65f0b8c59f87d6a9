import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, PackageSubUsers } from '@proxy/db';

/** The owner's live package with its family; another user's, a deleted or an unknown one: undefined. */
export const findLivePackage = (db: Db, userId: number, packageId: number) =>
  db
    .selectFrom('packages')
    .select(['id', 'type'])
    .where('id', '=', packageId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * Serialises the creations of one package's sub-users (the count and name checks hold under
 * concurrency). FOR NO KEY UPDATE, not FOR UPDATE: the key-share locks of the foreign keys that
 * point at the package (usage rows, grants, the new sub-user itself) still pass, and a gateway's
 * lease never waits for it (it locks the sub-user's row and the package's grant, not this row).
 */
export const lockPackageRow = (tx: Db, packageId: number) =>
  tx.selectFrom('packages').select('id').where('id', '=', packageId).forNoKeyUpdate().execute();

/** Live sub-users of the package (package_sub_users_name_idx covers it). */
export const countLiveSubUsers = async (db: Db, packageId: number) =>
  Number(
    (
      await db
        .selectFrom('package_sub_users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('package_id', '=', packageId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Whether a live sub-user of the package has this name, case aside (package_sub_users_name_idx). */
export const hasLiveName = async (db: Db, packageId: number, name: string) =>
  (await db
    .selectFrom('package_sub_users')
    .select('id')
    .where('package_id', '=', packageId)
    .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()) !== undefined;

/**
 * Whether a username the gateway resolves already means something: a package's login, a login
 * list's or a sub-user's (deleted ones included: their login is never given again).
 */
export const isLoginTaken = async (db: Db, login: string) => {
  const { rows } = await sql<{ taken: boolean }>`
    SELECT EXISTS (SELECT 1 FROM packages WHERE login = ${login})
        OR EXISTS (SELECT 1 FROM proxy_lists WHERE login = ${login})
        OR EXISTS (SELECT 1 FROM package_sub_users WHERE login = ${login}) AS taken`.execute(db);
  return rows[0]?.taken === true;
};

export type NewSubUser = Insertable<PackageSubUsers>;

export const insertSubUser = async (tx: Db, row: NewSubUser) =>
  (await tx.insertInto('package_sub_users').values(row).returning('id').executeTakeFirstOrThrow())
    .id;

/** A live sub-user's row with its lifetime usage (the primary key of sub_user_usage_hourly). */
const subUsersOf = (db: Db, packageId: number) =>
  db
    .selectFrom('package_sub_users as s')
    .select([
      's.id',
      's.package_id',
      's.name',
      's.login',
      's.password_encrypted',
      's.traffic_limit_bytes',
      's.expires_at',
      's.enabled',
      's.created_at',
      sql<number>`(SELECT coalesce(sum(u.bytes_up + u.bytes_down), 0)::bigint
        FROM sub_user_usage_hourly u WHERE u.sub_user_id = s.id)`.as('traffic_used_bytes'),
    ])
    .where('s.package_id', '=', packageId)
    .where('s.deleted_at', 'is', null);

export type SubUserRecord = Awaited<ReturnType<typeof findSubUsers>>[number];

/** The package's live sub-users, oldest first (package_sub_users_package_idx). */
export const findSubUsers = (db: Db, packageId: number) =>
  subUsersOf(db, packageId).orderBy('s.id').execute();

export const findSubUser = (db: Db, packageId: number, subUserId: number) =>
  subUsersOf(db, packageId).where('s.id', '=', subUserId).executeTakeFirst();

/** Changes a live sub-user of the package; false when there is none (deleted, another package's). */
export const updateSubUserRow = async (
  db: Db,
  packageId: number,
  subUserId: number,
  values: Updateable<PackageSubUsers>,
) =>
  (
    await db
      .updateTable('package_sub_users')
      .set({ ...values, updated_at: sql<Date>`now()` })
      .where('id', '=', subUserId)
      .where('package_id', '=', packageId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

/** A soft delete: the row keeps its name for the statistics; the gateway drops it (trigger). */
export const softDeleteSubUser = async (db: Db, packageId: number, subUserId: number) =>
  (
    await db
      .updateTable('package_sub_users')
      .set({ deleted_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', subUserId)
      .where('package_id', '=', packageId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

/**
 * Bytes per sub-user of the package in [from, to): every live one (zeros included) and the
 * deleted ones that have bytes there, most bytes first.
 */
export const findSubUserPeriodUsage = async (db: Db, packageId: number, from: Date, to: Date) => {
  const rows = await db
    .selectFrom('package_sub_users as s')
    .leftJoin('sub_user_usage_hourly as u', (join) =>
      join.onRef('u.sub_user_id', '=', 's.id').on('u.hour', '>=', from).on('u.hour', '<', to),
    )
    .select([
      's.id',
      's.name',
      's.login',
      sql<boolean>`s.deleted_at IS NOT NULL`.as('deleted'),
      sql<number>`coalesce(sum(u.bytes_up), 0)::bigint`.as('bytes_up'),
      sql<number>`coalesce(sum(u.bytes_down), 0)::bigint`.as('bytes_down'),
    ])
    .where('s.package_id', '=', packageId)
    .groupBy('s.id')
    .having(sql<boolean>`s.deleted_at IS NULL OR coalesce(sum(u.bytes_up + u.bytes_down), 0) > 0`)
    .orderBy(sql`coalesce(sum(u.bytes_up + u.bytes_down), 0)`, 'desc')
    .orderBy('s.id')
    .execute();
  return rows.map((row) => {
    const up = Number(row.bytes_up);
    const down = Number(row.bytes_down);
    return {
      id: row.id,
      name: row.name,
      login: row.login,
      deleted: row.deleted,
      bytes_up: up,
      bytes_down: down,
      bytes: up + down,
    };
  });
};
