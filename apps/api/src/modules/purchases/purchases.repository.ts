import type { Db } from '../../db/types.ts';

/**
 * Claims an Idempotency-Key for the purchase transaction. A concurrent request with the same
 * key blocks on the unique index until the first commits (then sees the stored response) or
 * rolls back (then claims the key itself). Returns false when the key is already taken.
 */
export const claimIdempotencyKey = async (
  db: Db,
  userId: number,
  key: string,
): Promise<boolean> => {
  const row = await db
    .insertInto('purchase_idempotency_keys')
    .values({ user_id: userId, key })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
};

export const findIdempotentResponse = (db: Db, userId: number, key: string) =>
  db
    .selectFrom('purchase_idempotency_keys')
    .select(['response', 'status_code'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();

export const storeIdempotentResponse = (
  db: Db,
  userId: number,
  key: string,
  response: unknown,
  statusCode: number,
) =>
  db
    .updateTable('purchase_idempotency_keys')
    .set({ response: JSON.stringify(response), status_code: statusCode })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
