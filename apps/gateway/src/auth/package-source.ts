import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';
import type { PackageRow } from './credential-cache.ts';

const COLUMNS = [
  'p.id',
  'p.user_id',
  'p.type',
  'p.login',
  'p.password_encrypted',
  'p.legacy_password',
  'p.expires_at',
  'p.traffic_limit_bytes',
  'p.speed_limit',
  'p.ips',
  'p.auth_ip',
  'p.socks',
  'l.iso2 as location_country',
  'l.city as location_city',
] as const;

/**
 * The packages the gateway serves: active ones (partial index packages_active_idx). With `ids`,
 * only those (a notification's); a named id missing from the answer is no longer active.
 * An unlimited package comes with its location's country and city (its exits). A location
 * edited in unlim_locations notifies no gateway: it reaches a package at the package's next
 * reload (any change to the package, or a full load). Locations change rarely, and their
 * country and city hardly ever once sold.
 */
export const loadActivePackages = async (
  db: DbRoot,
  ids?: readonly number[],
): Promise<PackageRow[]> => {
  if (ids?.length === 0) return [];
  let query = db
    .selectFrom('packages as p')
    .leftJoin('unlim_locations as l', 'l.id', 'p.location_id')
    .select(COLUMNS)
    .where('p.status', '=', 'active');
  // One array parameter however many ids a bulk change announced.
  if (ids) query = query.where(sql<boolean>`p.id = any(${ids}::bigint[])`);
  return query.execute();
};
