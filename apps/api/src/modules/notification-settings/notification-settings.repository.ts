import type { NotificationChannels } from '@proxy/contract';
import type { Db } from '@proxy/db';

export type StoredSetting = NotificationChannels & { type: string };

/** The user's stored switches (types without a row use the defaults). */
export const findStoredSettings = (db: Db, userId: number): Promise<StoredSetting[]> =>
  db
    .selectFrom('notification_settings')
    .select(['type', 'mail', 'database', 'telegram'])
    .where('user_id', '=', userId)
    .execute();

/** Every changed setting in one statement. */
export const upsertSettings = async (db: Db, userId: number, settings: StoredSetting[]) => {
  if (settings.length === 0) return;
  await db
    .insertInto('notification_settings')
    .values(settings.map((setting) => ({ user_id: userId, ...setting })))
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'type']).doUpdateSet((eb) => ({
        mail: eb.ref('excluded.mail'),
        database: eb.ref('excluded.database'),
        telegram: eb.ref('excluded.telegram'),
        updated_at: new Date(),
      })),
    )
    .execute();
};
