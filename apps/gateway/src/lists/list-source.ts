import { sql } from 'kysely';
import { PROXY_LIST_ROUTING_COLUMNS, type DbRoot } from '@proxy/db';
import type { ProxyListRow } from './list-cache.ts';

/**
 * The proxy lists the gateway serves (all of them: a list of an inactive package is refused
 * through its package). With `ids`, only those (a notification's); a named id missing from the
 * answer is gone. Whitelist addresses come without their prefix length (`host(inet)`).
 */
export const loadProxyLists = async (
  db: DbRoot,
  ids?: readonly number[],
): Promise<ProxyListRow[]> => {
  if (ids?.length === 0) return [];
  let query = db
    .selectFrom('proxy_lists')
    .select([
      ...PROXY_LIST_ROUTING_COLUMNS,
      'auth_type',
      'login',
      sql<string[]>`ARRAY(SELECT host(address) FROM unnest(white_list) AS address)`.as(
        'white_list',
      ),
    ]);
  // One array parameter however many ids a bulk change announced.
  if (ids) query = query.where(sql<boolean>`id = any(${ids}::bigint[])`);
  return query.execute();
};
