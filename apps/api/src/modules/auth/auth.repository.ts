import { sql } from 'kysely';
import type { Db, User } from '../../db/types.ts';

export type SessionRow = { user: User; tokenId: number };

/**
 * The hot path of every signed-in request: one query over the unique token_hash index
 * joined to users by primary key.
 */
export const findSessionByTokenHash = async (
  db: Db,
  tokenHash: string,
): Promise<SessionRow | null> => {
  const row = await db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('u')
    .select('t.id as token_id')
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;
  const { token_id: tokenId, ...user } = row;
  return { user, tokenId };
};

export const insertAccessToken = (db: Db, userId: number, tokenHash: string, ttlDays: number) =>
  db
    .insertInto('access_tokens')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      expires_at: sql<Date>`now() + make_interval(days => ${ttlDays})`,
      last_used_at: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const revokeToken = (db: Db, tokenId: number) =>
  db
    .updateTable('access_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .execute();

/** Revokes every live token of the user, except `keepTokenId` (the caller's own session). */
export const revokeUserTokens = (db: Db, userId: number, keepTokenId?: number) => {
  let query = db
    .updateTable('access_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepTokenId !== undefined) query = query.where('id', '<>', keepTokenId);
  return query.execute();
};

export const insertResetToken = (db: Db, userId: number, tokenHash: string, ttlMinutes: number) =>
  db
    .insertInto('password_reset_tokens')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      expires_at: sql<Date>`now() + make_interval(mins => ${ttlMinutes})`,
    })
    .execute();

/**
 * Consumes a reset token atomically: only one concurrent caller gets the row back,
 * and only while it is unused, unexpired and belongs to `userId`.
 */
export const consumeResetToken = (db: Db, userId: number, tokenHash: string) =>
  db
    .updateTable('password_reset_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();

/** After a successful reset, older links for the same user stop working too. */
export const invalidateResetTokens = (db: Db, userId: number) =>
  db
    .updateTable('password_reset_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
