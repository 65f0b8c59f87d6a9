import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Db, User } from '@proxy/db';

export type SessionRow = { user: User; tokenId: number; tokenLastUsedAt: Date | null };

const sessionQuery = (db: Db, tokenHash: string) =>
  db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('u')
    .select(['t.id as token_id', 't.last_used_at as token_last_used_at'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`);

type SessionQuery = ReturnType<typeof sessionQuery>;
type SessionQueryRow = Awaited<ReturnType<SessionQuery['executeTakeFirstOrThrow']>>;
let compiledSession: CompiledQuery<SessionQueryRow> | null = null;

/**
 * The hot path of every signed-in request: one query over the unique token_hash index
 * joined to users by primary key. Built and compiled once (its only parameter is the hash):
 * building it per request cost more than the rest of the lookup (decision 086).
 */
export const findSessionByTokenHash = async (
  db: Db,
  tokenHash: string,
): Promise<SessionRow | null> => {
  compiledSession ??= sessionQuery(db, '').compile();
  const { rows } = await db.executeQuery<SessionQueryRow>({
    ...compiledSession,
    parameters: [tokenHash],
  });
  const row = rows[0];
  if (!row) return null;
  const { token_id: tokenId, token_last_used_at: tokenLastUsedAt, ...user } = row;
  return { user, tokenId, tokenLastUsedAt };
};

/** The columns of a new token row (session or reset link): whose, its digest, when it ends. */
const newToken = (userId: number, tokenHash: string, lifetime: RawBuilder<unknown>) => ({
  user_id: userId,
  token_hash: tokenHash,
  expires_at: sql<Date>`now() + ${lifetime}`,
});

/** A session's token row, with the device it signs in (the sessions page shows them). */
export const insertAccessToken = (
  db: Db,
  userId: number,
  tokenHash: string,
  ttlDays: number,
  client: { userAgent: string | null; ipAddress: string | null },
) =>
  db
    .insertInto('access_tokens')
    .values({
      ...newToken(userId, tokenHash, sql`make_interval(days => ${ttlDays})`),
      last_used_at: sql<Date>`now()`,
      user_agent: client.userAgent,
      ip_address: client.ipAddress,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Revokes now the tokens still live among those the caller narrows this update to. */
const revokeLiveTokens = (db: Db) =>
  db
    .updateTable('access_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('revoked_at', 'is', null);

export const revokeToken = (db: Db, tokenId: number) =>
  revokeLiveTokens(db).where('id', '=', tokenId).execute();

/** Revokes every live token of the user, except `keepTokenId` (the caller's own session). */
export const revokeUserTokens = (db: Db, userId: number, keepTokenId?: number) => {
  let query = revokeLiveTokens(db).where('user_id', '=', userId);
  if (keepTokenId !== undefined) query = query.where('id', '<>', keepTokenId);
  return query.execute();
};

export const insertResetToken = (db: Db, userId: number, tokenHash: string, ttlMinutes: number) =>
  db
    .insertInto('password_reset_tokens')
    .values(newToken(userId, tokenHash, sql`make_interval(mins => ${ttlMinutes})`))
    .execute();

/** Marks the user's unused reset tokens (those the caller narrows this update to) used now. */
const useUpResetTokens = (db: Db, userId: number) =>
  db
    .updateTable('password_reset_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null);

/**
 * Consumes a reset token atomically: only one concurrent caller gets the row back,
 * and only while it is unused, unexpired and belongs to `userId`.
 */
export const consumeResetToken = (db: Db, userId: number, tokenHash: string) =>
  useUpResetTokens(db, userId)
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('token_hash')
    .executeTakeFirst();

/** After a successful reset, older links for the same user stop working too. */
export const invalidateResetTokens = (db: Db, userId: number) =>
  useUpResetTokens(db, userId).execute();
