import type { Db } from '../../db/types.ts';

export type NotificationChannels = { mail: boolean; database: boolean; telegram: boolean };

/**
 * Defaults when the user has no row for the type: always stored in the cabinet; mailed for
 * security and money events (every type so far is one of these); Telegram arrives with the
 * notification-settings issue. Types listed here override the default.
 */
const DEFAULT_CHANNELS: NotificationChannels = { database: true, mail: true, telegram: false };
const TYPE_DEFAULTS: Record<string, Partial<NotificationChannels>> = {};

export const defaultChannels = (type: string): NotificationChannels => ({
  ...DEFAULT_CHANNELS,
  ...TYPE_DEFAULTS[type],
});

/** The user's switches for one type (primary key lookup), else the defaults. */
export const findChannels = async (
  db: Db,
  userId: number,
  type: string,
): Promise<NotificationChannels> => {
  const row = await db
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
