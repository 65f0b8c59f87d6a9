import { sql } from 'kysely';
import type { Db, DbRoot, IspAddressAssignments } from '@proxy/db';

export type ReleaseReason = NonNullable<IspAddressAssignments['release_reason']>;

/** Free addresses of the active blocks of an ISP country (the catalogue's `count`). */
export const freeIspAddressCount = (countryIso2Column: string) =>
  sql<number>`(SELECT count(*)::int FROM isp_addresses a
    JOIN isp_blocks b ON b.id = a.block_id
    WHERE b.country = ${sql.ref(countryIso2Column)} AND b.is_active AND a.package_id IS NULL)`;

/**
 * Locks an ISP country and its `count` free addresses for the caller's transaction: never-used
 * addresses first, then the longest rested. The country row's lock serializes every buyer and
 * swapper of the country, so two transactions never pick the same free address; the unique
 * index on open assignments would refuse it anyway. Null when the country is inactive or short.
 */
export const takeFreeIspAddresses = async (db: Db, countryId: number, count: number) => {
  const country = await db
    .selectFrom('isp_countries')
    .select(['label', 'iso2'])
    .where('id', '=', countryId)
    .where('is_active', '=', true)
    .forUpdate()
    .executeTakeFirst();
  if (!country) return null;
  const rows = await db
    .selectFrom('isp_addresses as a')
    .innerJoin('isp_blocks as b', 'b.id', 'a.block_id')
    .select(sql<string>`host(a.ip)`.as('ip'))
    .where('b.country', '=', country.iso2)
    .where('b.is_active', '=', true)
    .where('a.package_id', 'is', null)
    .orderBy(sql`a.released_at NULLS FIRST`)
    .orderBy('a.ip')
    .limit(count)
    .forUpdate('a')
    .execute();
  if (rows.length < count) return null;
  return { ...country, ips: rows.map((row) => row.ip) };
};

/** Makes `ips` (taken by takeFreeIspAddresses in this transaction) the package's. */
export const assignIspAddresses = async (db: Db, packageId: number, ips: readonly string[]) => {
  if (ips.length === 0) return;
  await db
    .updateTable('isp_addresses')
    .set({ package_id: packageId })
    .where(sql<boolean>`ip = any(${ips}::inet[])`)
    .execute();
  await db
    .insertInto('isp_address_assignments')
    .values(ips.map((ip) => ({ ip, package_id: packageId })))
    .execute();
};

/** Takes and assigns in one step, for a package that exists (swap, restore). */
export const reserveIspAddresses = async (
  db: Db,
  countryId: number,
  count: number,
  packageId: number,
) => {
  const taken = await takeFreeIspAddresses(db, countryId, count);
  if (taken) await assignIspAddresses(db, packageId, taken.ips);
  return taken;
};

/**
 * Gives a package's addresses back to the pool (all of them, or `ips` only: a swap releases the
 * old ones after taking new ones) and closes their assignments with the reason. Returns the
 * addresses released; an address the package no longer holds is left alone.
 */
export const releaseIspAddresses = async (
  db: Db,
  packageId: number,
  reason: ReleaseReason,
  ips?: readonly string[],
) => {
  const onlyThese = (ip: readonly string[] | undefined) =>
    ip === undefined ? sql<boolean>`true` : sql<boolean>`ip = any(${ip}::inet[])`;
  const released = await db
    .updateTable('isp_addresses')
    .set({ package_id: null, released_at: sql<Date>`clock_timestamp()` })
    .where('package_id', '=', packageId)
    .where(onlyThese(ips))
    .returning(sql<string>`host(ip)`.as('ip'))
    .execute();
  await db
    .updateTable('isp_address_assignments')
    .set({ released_at: sql<Date>`clock_timestamp()`, release_reason: reason })
    .where('package_id', '=', packageId)
    .where('released_at', 'is', null)
    .where(onlyThese(ips))
    .execute();
  return released.map((row) => row.ip);
};

/**
 * Releases the addresses of ISP packages that can no longer come back: not live, and past the
 * restore window after their expiry (decision 105). One transaction per package; a package
 * another instance released meanwhile releases nothing here. Returns how many went back.
 */
export const releaseLapsedIspAddresses = async (
  db: DbRoot,
  options: { graceDays: number; now: Date; userIds?: number[] },
) => {
  const lapsed = await db
    .selectFrom('isp_addresses as a')
    .innerJoin('packages as p', 'p.id', 'a.package_id')
    .select('p.id')
    .distinct()
    .where('p.status', 'not in', ['active', 'pending', 'processing'])
    .where(
      sql<boolean>`p.expires_at < ${options.now}::timestamptz - make_interval(days => ${options.graceDays})`,
    )
    .$if(options.userIds !== undefined, (q) => q.where('p.user_id', 'in', options.userIds ?? []))
    .execute();
  let count = 0;
  for (const { id } of lapsed)
    count += await db
      .transaction()
      .execute(async (tx) => (await releaseIspAddresses(tx, Number(id), 'expired')).length);
  return count;
};
