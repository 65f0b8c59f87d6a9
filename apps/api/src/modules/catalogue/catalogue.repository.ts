import { sql, type SelectQueryBuilder } from 'kysely';
import type { TariffFamily } from '@proxy/contract';
import type { Database, Db } from '@proxy/db';
import { freeIspAddressCount } from '../inventory/isp-addresses.repository.ts';

/** Free addresses of the country's active ISP blocks (decision 154). */
const freeStock = freeIspAddressCount('isp_countries.iso2');

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
    .select(['id', 'key', 'label', 'iso2', freeStock.as('count')])
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
    .where(sql<boolean>`t.ports < ${freeIspAddressCount('c.iso2')}`)
    .orderBy('t.ports')
    .execute();

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
