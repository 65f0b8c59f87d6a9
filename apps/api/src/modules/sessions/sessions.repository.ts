import { sql } from 'kysely';
import type { Db } from '@proxy/db';

/** The user's live (not revoked, not expired) sessions, newest first. */
export const findLiveSessions = (db: Db, userId: number) =>
  db
    .selectFrom('access_tokens')
    .select(['id', 'user_agent', 'ip_address', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** Revokes one live session of the user; undefined when it is not theirs or not live. */
export const revokeUserSession = (db: Db, userId: number, tokenId: number) =>
  db
    .updateTable('access_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();

/**
 * Moves a session's last use forward, at most once per `minutes`: the condition makes the
 * other requests of those minutes no-ops, and concurrent ones write once.
 */
export const touchSession = (db: Db, tokenId: number, minutes: number) =>
  db
    .updateTable('access_tokens')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', tokenId)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - make_interval(mins => ${minutes})`),
      ]),
    )
    .execute();
