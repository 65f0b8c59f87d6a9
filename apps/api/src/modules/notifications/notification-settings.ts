import { sql } from 'kysely';
import type { Db } from '@proxy/db';

export type NotificationChannels = { mail: boolean; database: boolean; telegram: boolean };

/**
 * Defaults when the user has no row for the type: always stored in the cabinet; mailed for
 * security and money events (every type so far is one of these); Telegram arrives with the
 * notification-settings issue. Types listed here override the default.
 */
const DEFAULT_CHANNELS: NotificationChannels = { database: true, mail: true, telegram: false };
const TYPE_DEFAULTS: Record<string, Partial<NotificationChannels>> = {
  // Sign-up mails one thing, the verification mail; the welcome stays in the cabinet
  // (docs/decisions/061).
  'notifications.welcome': { mail: false },
};

export const defaultChannels = (type: string): NotificationChannels => ({
  ...DEFAULT_CHANNELS,
  ...TYPE_DEFAULTS[type],
});

/** The user's switches for one type (primary key lookup), else the defaults. */
export const findChannels = async (db: Db, userId: number, type: string) => {
  const row: NotificationChannels | undefined = await db
    .selectFrom('notification_settings')
    .select(['mail', 'database', 'telegram'])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row ?? defaultChannels(type);
};

export const upsertChannels = (
  db: Db,
  userId: number,
  type: string,
  channels: NotificationChannels,
) =>
  db
    .insertInto('notification_settings')
    .values({ user_id: userId, type, ...channels })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'type']).doUpdateSet({ ...channels, updated_at: new Date() }),
    )
    .execute();

/**
 * findChannels as the body of a CTE: one row (mail, database) with the user's switches for the
 * type, else the defaults.
 */
export const channelsSql = (userId: number, type: string) => {
  const defaults = defaultChannels(type);
  return sql`SELECT coalesce(s.mail, ${defaults.mail}::boolean) AS mail,
      coalesce(s.database, ${defaults.database}::boolean) AS database
    FROM (SELECT 1) AS one
    LEFT JOIN notification_settings s ON s.user_id = ${userId} AND s.type = ${type}`;
};
