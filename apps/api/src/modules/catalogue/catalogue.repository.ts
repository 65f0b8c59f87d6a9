import { sql, type SelectQueryBuilder } from 'kysely';
import type { TariffFamily } from '@proxy/contract';
import type { Database, Db } from '@proxy/db';
import { ipsFromPool } from './ip-pool.ts';

/** Free addresses of a country: never sold from the cursor, or given back (isp_released_ips). */
const freeStock = sql<number>`capacity - allocated + released`;

/**
 * What the cabinet offers of a catalogue table (both have `is_active` and `sort`): the active
 * rows, in the operator's order, the older first where it ties.
 */
const offered = <TB extends 'tariffs' | 'isp_countries', O>(
  query: SelectQueryBuilder<Database, TB, O>,
) => query.where(sql.ref('is_active'), '=', true).orderBy(sql.ref('sort')).orderBy(sql.ref('id'));

export const findActiveTariffs = (db: Db, family: TariffFamily) =>
  db.selectFrom('tariffs').selectAll().where('family', '=', family).$call(offered).execute();

export const findTariffById = (db: Db, id: number) =>
  db
    .selectFrom('tariffs')
    .selectAll()
    .where('id', '=', id)
    .where('is_active', '=', true)
    .executeTakeFirst();

export const findIspCountries = (db: Db) =>
  db
    .selectFrom('isp_countries')
    .select(['id', 'label', 'iso2', freeStock.as('count')])
    .$call(offered)
    .execute();

export const findIspCountry = (db: Db, id: number) =>
  db
    .selectFrom('isp_countries')
    .select(['id', 'key', 'label', 'iso2', 'ip_pool', freeStock.as('count')])
    .where('id', '=', id)
    .where('is_active', '=', true)
    .executeTakeFirst();

/** ISP tariffs of a country whose ports are below the country's free count (spec section 4). */
export const findIspTariffsForCountry = (db: Db, countryId: number) =>
  db
    .selectFrom('tariffs as t')
    .innerJoin('isp_countries as c', 'c.id', 't.country_id')
    .selectAll('t')
    .where('t.family', '=', 'isp')
    .where('t.is_active', '=', true)
    .where('c.id', '=', countryId)
    .where('c.is_active', '=', true)
    .where(sql<boolean>`t.ports < c.capacity - c.allocated + c.released`)
    .orderBy('t.ports')
    .execute();

/**
 * Reserves `count` addresses of a country; must run inside the caller's transaction. The country
 * row is locked (FOR UPDATE) before the stock is read, so parallel reservations cannot oversell
 * or hand one released address out twice. Released addresses go first, oldest first, then the
 * cursor into the CIDR blocks. Returns the addresses, or null when the stock is short.
 */
export const reserveIspStock = async (db: Db, countryId: number, count: number) => {
  const country = await db
    .selectFrom('isp_countries')
    .select(['allocated', 'released', 'ip_pool', 'label', 'iso2', freeStock.as('free')])
    .where('id', '=', countryId)
    .where('is_active', '=', true)
    .forUpdate()
    .executeTakeFirst();
  if (!country || country.free < count) return null;
  const reused = Math.min(country.released, count);
  const fresh = count - reused;
  const released =
    reused > 0
      ? await db
          .deleteFrom('isp_released_ips')
          .where('country_id', '=', countryId)
          .where(
            'ip',
            'in',
            db
              .selectFrom('isp_released_ips')
              .select('ip')
              .where('country_id', '=', countryId)
              .orderBy('released_at')
              .orderBy('ip')
              .limit(reused),
          )
          .returning('ip')
          .execute()
      : [];
  await db
    .updateTable('isp_countries')
    .set({
      allocated: sql<number>`allocated + ${fresh}`,
      released: sql<number>`released - ${released.length}`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', countryId)
    .execute();
  return {
    ips: [
      ...released.map((row) => row.ip),
      ...ipsFromPool(country.ip_pool, country.allocated, fresh),
    ],
    label: country.label,
    iso2: country.iso2,
  };
};

/**
 * Gives a package's addresses back to its country's pool (a deleted or swapped ISP package),
 * inside the caller's transaction. An address already in the pool is not counted twice.
 */
export const releaseIspIps = async (
  db: Db,
  countryId: number,
  ips: readonly string[],
  packageId: number,
) => {
  if (ips.length === 0) return 0;
  const inserted = await db
    .insertInto('isp_released_ips')
    .values(ips.map((ip) => ({ country_id: countryId, ip, package_id: packageId })))
    .onConflict((oc) => oc.columns(['country_id', 'ip']).doNothing())
    .returning('ip')
    .execute();
  if (inserted.length > 0)
    await db
      .updateTable('isp_countries')
      .set({ released: sql<number>`released + ${inserted.length}`, updated_at: sql<Date>`now()` })
      .where('id', '=', countryId)
      .execute();
  return inserted.length;
};

export const findUnlimLocations = (db: Db) =>
  db.selectFrom('unlim_locations').selectAll().orderBy('sort').orderBy('id').execute();

export const findUnlimLocation = (db: Db, id: number) =>
  db.selectFrom('unlim_locations').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * findTariffById with the row's version (updated_at as PostgreSQL prints it, microseconds
 * included): a statement checks that the tariff it priced from is still this one
 * (tariffIsCurrentSql), so a cached copy never sells at a stale price.
 */
export const findTariffVersionById = (db: Db, id: number) =>
  db
    .selectFrom('tariffs')
    .selectAll()
    .select(sql<string>`updated_at::text`.as('version'))
    .where('id', '=', id)
    .where('is_active', '=', true)
    .executeTakeFirst();

/** True while tariff `id` is active and unchanged since `version` was read. */
export const tariffIsCurrentSql = (id: number, version: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM tariffs WHERE id = ${id} AND is_active AND updated_at = ${version}::timestamptz)`;
