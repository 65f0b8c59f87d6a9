import { sql, type Insertable } from 'kysely';
import type { Database, Db } from '@proxy/db';

export const findPromoByCode = (db: Db, code: string) =>
  db
    .selectFrom('promo_codes')
    .selectAll()
    .where(sql<string>`upper(code)`, '=', code.toUpperCase())
    .executeTakeFirst();

/**
 * The purchase reads the code FOR UPDATE: parallel buys with one code queue on its row, so the
 * global and per-user limits are checked against committed usages and cannot be exceeded.
 */
export const lockPromoByCode = (db: Db, code: string) =>
  db
    .selectFrom('promo_codes')
    .selectAll()
    .where(sql<string>`upper(code)`, '=', code.toUpperCase())
    .forUpdate()
    .executeTakeFirst();

export const countUserUsages = async (db: Db, promoId: number, userId: number) => {
  const row = await db
    .selectFrom('promo_usages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('promo_id', '=', promoId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const recordPromoUsage = async (
  db: Db,
  promoId: number,
  userId: number,
  packageId: number,
) => {
  await db
    .insertInto('promo_usages')
    .values({ promo_id: promoId, user_id: userId, package_id: packageId })
    .execute();
  await db
    .updateTable('promo_codes')
    .set({ uses: sql<number>`uses + 1` })
    .where('id', '=', promoId)
    .execute();
};

/** A code as the operator's command creates it (its owner, uses and dates are the defaults). */
export type NewPromo = Omit<
  Insertable<Database['promo_codes']>,
  'id' | 'uses' | 'created_at' | 'user_id'
>;

export const insertPromo = (db: Db, promo: NewPromo) =>
  db.insertInto('promo_codes').values(promo).returningAll().executeTakeFirstOrThrow();
