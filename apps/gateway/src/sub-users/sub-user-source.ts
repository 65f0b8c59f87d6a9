import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';
import type { SubUserRow } from './sub-user-cache.ts';

/** Which sub-users to read: all live ones, those a notification named, or those of packages. */
export type SubUserFilter = { ids: readonly number[] } | { packageIds: readonly number[] } | null;

/**
 * The sub-users the gateway serves: live (not deleted, switched on, not expired: the partial
 * index package_sub_users_live_idx) and of an active dynamic or premium package (only those
 * can have sub-users; a package gone inactive takes them with it). With `ids`, only those (a
 * named id missing from the answer is no longer live); with `packageIds`, those of the packages
 * a package notification named (package_sub_users_package_idx).
 */
export const loadLiveSubUsers = async (
  db: DbRoot,
  filter: SubUserFilter = null,
): Promise<SubUserRow[]> => {
  const ids = filter === null ? null : 'ids' in filter ? filter.ids : filter.packageIds;
  if (ids?.length === 0) return [];
  let query = db
    .selectFrom('package_sub_users as s')
    .innerJoin('packages as p', 'p.id', 's.package_id')
    .select([
      's.id',
      's.package_id',
      's.login',
      's.password_encrypted',
      's.traffic_limit_bytes',
      's.expires_at',
    ])
    .where('s.deleted_at', 'is', null)
    .where('s.enabled', '=', true)
    .where((eb) =>
      eb.or([eb('s.expires_at', 'is', null), eb('s.expires_at', '>', sql<Date>`now()`)]),
    )
    .where('p.status', '=', 'active')
    .where('p.type', 'in', ['dynamic', 'vip']);
  // One array parameter however many ids a bulk change announced.
  if (filter !== null && 'ids' in filter)
    query = query.where(sql<boolean>`s.id = any(${filter.ids}::bigint[])`);
  else if (filter !== null)
    query = query.where(sql<boolean>`s.package_id = any(${filter.packageIds}::bigint[])`);
  return query.execute();
};
