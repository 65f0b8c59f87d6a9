import { sql } from 'kysely';
import type { DbRoot } from '@proxy/db';
import type { PackageRow } from './credential-cache.ts';

const COLUMNS = [
  'id',
  'user_id',
  'type',
  'login',
  'password_encrypted',
  'legacy_password',
  'expires_at',
  'traffic_limit_bytes',
  'speed_limit',
  'ips',
  'auth_ip',
  'socks',
] as const;

/**
 * The packages the gateway serves: active ones (partial index packages_active_idx). With `ids`,
 * only those (a notification's); a named id missing from the answer is no longer active.
 */
export const loadActivePackages = async (
  db: DbRoot,
  ids?: readonly number[],
): Promise<PackageRow[]> => {
  if (ids?.length === 0) return [];
  let query = db.selectFrom('packages').select(COLUMNS).where('status', '=', 'active');
  // One array parameter however many ids a bulk change announced.
  if (ids) query = query.where(sql<boolean>`id = any(${ids}::bigint[])`);
  return query.execute();
};
