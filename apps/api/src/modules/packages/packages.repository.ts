import { sql } from 'kysely';
import type { Db, PackagesTable } from '../../db/types.ts';
import type { Insertable } from 'kysely';

export const insertPackage = (db: Db, values: Insertable<PackagesTable>) =>
  db.insertInto('packages').values(values).returningAll().executeTakeFirstOrThrow();

/** Owner-scoped list, newest first (index packages_user_created_idx). */
export const findUserPackages = (db: Db, userId: number, limit = 200) =>
  db
    .selectFrom('packages')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** Owner-scoped: another user's id reads as missing (404). */
export const findUserPackage = (db: Db, userId: number, id: number) =>
  db
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** Provisioning done: pending -> active (idempotent for a re-delivered job). */
export const activatePackage = (db: Db, id: number) =>
  db
    .updateTable('packages')
    .set({ status: 'active', activated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'processing'])
    .executeTakeFirst();
