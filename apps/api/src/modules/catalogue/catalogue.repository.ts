import { sql } from 'kysely';
import type { TariffFamily } from '@proxy/contract';
import type { Db } from '@proxy/db';

export const findActiveTariffs = (db: Db, family: TariffFamily) =>
  db
    .selectFrom('tariffs')
    .selectAll()
    .where('family', '=', family)
    .where('is_active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();

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
    .select(['id', 'label', 'iso2', sql<number>`capacity - allocated`.as('count')])
    .where('is_active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();

export const findIspCountry = (db: Db, id: number) =>
  db
    .selectFrom('isp_countries')
    .select([
      'id',
      'key',
      'label',
      'iso2',
      'ip_pool',
      sql<number>`capacity - allocated`.as('count'),
    ])
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
    .where(sql<boolean>`t.ports < c.capacity - c.allocated`)
    .orderBy('t.ports')
    .execute();

/**
 * Reserves `count` IPs of a country atomically: the conditional UPDATE takes the row lock and
 * re-checks the stock against the newest row, so parallel buys cannot oversell. Returns the
 * cursor range of the reserved IPs, or null when the stock is short.
 */
export const reserveIspStock = async (db: Db, countryId: number, count: number) => {
  const row = await db
    .updateTable('isp_countries')
    .set({ allocated: sql<number>`allocated + ${count}`, updated_at: sql<Date>`now()` })
    .where('id', '=', countryId)
    .where('is_active', '=', true)
    .where(sql<boolean>`capacity - allocated >= ${count}`)
    .returning(['allocated', 'ip_pool', 'label', 'iso2'])
    .executeTakeFirst();
  return row
    ? { from: row.allocated - count, pool: row.ip_pool, label: row.label, iso2: row.iso2 }
    : null;
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
