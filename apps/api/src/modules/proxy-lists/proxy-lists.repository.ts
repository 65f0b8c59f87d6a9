import { sql, type Insertable } from 'kysely';
import {
  findPage,
  NEWEST_FIRST,
  PROXY_LIST_ROUTING_COLUMNS,
  type Db,
  type ProxyLists,
} from '@proxy/db';
import type { PROXY_LIST_SORT_FIELDS } from '@proxy/contract';
import type { PageRequest } from '../../lib/list-query.ts';
import { ownedPackageQuery } from '../packages/packages.repository.ts';

/** What lists and the generator need of a package: its family, state and credentials. */
const PACKAGE_COLUMNS = [
  'id',
  'type',
  'status',
  'package_key',
  'login',
  'password_encrypted',
] as const;

/**
 * Owner-scoped, by id or by package key (contents and exports address lists by the key):
 * another user's package reads as missing (404).
 */
export const findOwnedPackage = (
  db: Db,
  userId: number,
  by: { id: number } | { packageKey: string },
) =>
  ownedPackageQuery(db, userId, by)
    .select(PACKAGE_COLUMNS)
    // A deleted package (decision 113) has no lists to show, make or export.
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export type OwnedPackage = NonNullable<Awaited<ReturnType<typeof findOwnedPackage>>>;

const LIST_COLUMNS = [
  ...PROXY_LIST_ROUTING_COLUMNS,
  'name',
  'auth_type',
  'login',
  'white_list',
  'proxy_link_format',
  'proxy_format',
  'created_at',
] as const;

export type ProxyListRecord = Awaited<ReturnType<typeof findList>> & object;

export const findList = (db: Db, packageId: number, listId: number) =>
  db
    .selectFrom('proxy_lists')
    .select(LIST_COLUMNS)
    .where('id', '=', listId)
    .where('package_id', '=', packageId)
    .executeTakeFirst();

/** The dynamic panel's proxy_lists: id and name of every list, newest first. */
export const findListNames = (db: Db, packageId: number) =>
  db
    .selectFrom('proxy_lists')
    .select(['id', 'name'])
    .where('package_id', '=', packageId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

const SORT_COLUMNS = {
  created_at: 'created_at',
  name: 'name',
  ports_count: 'ports_count',
  id: 'id',
} as const satisfies Record<(typeof PROXY_LIST_SORT_FIELDS)[number], string>;

/** One page of a package's lists (index proxy_lists_package_created_idx), searched by name. */
export const findListsPage = (
  db: Db,
  packageId: number,
  query: PageRequest<(typeof PROXY_LIST_SORT_FIELDS)[number]> & { search: string | undefined },
) => {
  let base = db.selectFrom('proxy_lists').where('package_id', '=', packageId);
  if (query.search)
    base = base.where(sql<boolean>`strpos(lower(name), lower(${query.search})) > 0`);
  return findPage(base, (q) => q.select(LIST_COLUMNS), {
    ...query,
    sortColumn: SORT_COLUMNS[query.sort],
    tieBreakers: NEWEST_FIRST,
  });
};

export type NewProxyList = Omit<Insertable<ProxyLists>, 'port_start' | 'id' | 'created_at'>;

/** A login list: no ports of its own. */
export const insertLoginList = async (db: Db, list: NewProxyList) =>
  (await db.insertInto('proxy_lists').values(list).returning('id').executeTakeFirstOrThrow()).id;

/**
 * An IP list with the lowest free block of ports_count ports inside [first, last], in one
 * statement: the candidates are the range's first port and the end of every block in it; the
 * first whose block overlaps none is taken. Two creations racing for the same block: one
 * insert fails on the exclusion constraint (23P01) and the caller tries again. Undefined when
 * no block of that size is free.
 */
export const insertIpList = async (
  db: Db,
  list: NewProxyList,
  range: { first: number; last: number },
) => {
  const size = list.ports_count;
  const result = await sql<{ id: number }>`
    INSERT INTO proxy_lists (package_id, name, auth_type, login, white_list, location_preset,
      countries, region, city, isp, rotation_period, proxy_link_format, proxy_format,
      ports_count, port_start)
    SELECT ${list.package_id}, ${list.name}, ${list.auth_type}, ${list.login ?? null},
      ${list.white_list ?? []}::inet[], ${list.location_preset}, ${list.countries ?? []}::text[],
      ${list.region ?? null}, ${list.city ?? null}, ${list.isp ?? null}, ${list.rotation_period},
      ${list.proxy_link_format}, ${list.proxy_format}, ${size}::int, c.port
    FROM (
      SELECT ${range.first}::int AS port
      UNION
      SELECT port_start + ports_count FROM proxy_lists
      WHERE port_start IS NOT NULL
        AND port_start + ports_count BETWEEN ${range.first}::int AND ${range.last}::int
    ) c
    WHERE c.port + ${size}::int - 1 <= ${range.last}::int
      AND NOT EXISTS (
        SELECT 1 FROM proxy_lists p
        WHERE p.port_start IS NOT NULL
          AND int4range(p.port_start, p.port_start + p.ports_count)
              && int4range(c.port, c.port + ${size}::int)
      )
    ORDER BY c.port
    LIMIT 1
    RETURNING id`.execute(db);
  return result.rows[0]?.id;
};

export const renameList = async (db: Db, packageId: number, listId: number, name: string) =>
  (
    await db
      .updateTable('proxy_lists')
      .set({ name })
      .where('id', '=', listId)
      .where('package_id', '=', packageId)
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

export const deleteList = async (db: Db, packageId: number, listId: number) =>
  (
    await db
      .deleteFrom('proxy_lists')
      .where('id', '=', listId)
      .where('package_id', '=', packageId)
      .executeTakeFirst()
  ).numDeletedRows > 0n;
