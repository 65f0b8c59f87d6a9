import { sql } from 'kysely';
import type { NotificationChannels } from '@proxy/contract';
import type { Db } from '@proxy/db';

export type { NotificationChannels } from '@proxy/contract';

/**
 * Defaults when the user has no row for the type (decision 141): always stored in the cabinet;
 * mailed for security and money events (every type so far is one of these); Telegram off until
 * the user switches it on (the page asks them to connect the bot then). Types listed here
 * override the default.
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

/**
 * Where one notification goes: the user's switches for the type (primary key lookup), else
 * the defaults; `telegram` only while a chat is connected. No row: the user is gone.
 */
export const findChannels = async (
  db: Db,
  userId: number,
  type: string,
): Promise<NotificationChannels | undefined> => {
  const { rows } = await sql<NotificationChannels>`${channelsSql(userId, type)}`.execute(db);
  return rows[0];
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
 * findChannels as the body of a CTE: one row (mail, database, telegram) with the user's
 * switches for the type, else the defaults; telegram only with a connected chat.
 */
export const channelsSql = (userId: number, type: string) => {
  const defaults = defaultChannels(type);
  return sql`SELECT coalesce(s.mail, ${defaults.mail}::boolean) AS mail,
      coalesce(s.database, ${defaults.database}::boolean) AS database,
      coalesce(s.telegram, ${defaults.telegram}::boolean) AND u.telegram_chat_id IS NOT NULL AS telegram
    FROM users u
    LEFT JOIN notification_settings s ON s.user_id = u.id AND s.type = ${type}
    WHERE u.id = ${userId}`;
};
