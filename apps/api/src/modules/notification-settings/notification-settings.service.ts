import {
  NOTIFICATION_SETTING_GROUPS,
  notificationTypeOfSetting,
  type NotificationSettingGroup,
  type NotificationSettingName,
  type NotificationSettingsUpdate,
} from '@proxy/contract';
import type { Db } from '@proxy/db';
import { defaultChannels } from '../notifications/notification-settings.ts';
import { findStoredSettings, upsertSettings } from './notification-settings.repository.ts';

/** GET /profile/notification-settings: every group and event, stored switches else defaults. */
export const getNotificationSettings = async (
  db: Db,
  userId: number,
): Promise<NotificationSettingGroup[]> => {
  const stored = new Map((await findStoredSettings(db, userId)).map((row) => [row.type, row]));
  return NOTIFICATION_SETTING_GROUPS.map((group) => ({
    id: group.id,
    type: group.type,
    settings: group.names.map((name: NotificationSettingName) => {
      const type = notificationTypeOfSetting(name);
      const row = stored.get(type);
      const channels = row
        ? { mail: row.mail, database: row.database, telegram: row.telegram }
        : defaultChannels(type);
      return { name, channels };
    }),
  }));
};

/**
 * PUT /profile/notification-settings/update: the contract has refused unknown names, names
 * under another group and unknown channels; every sent setting is stored, the rest stay.
 */
export const updateNotificationSettings = async (
  db: Db,
  userId: number,
  update: NotificationSettingsUpdate,
) => {
  const rows = update.settings.flatMap((group) =>
    group.settings.map((setting) => ({
      type: notificationTypeOfSetting(setting.name as NotificationSettingName),
      ...setting.channels,
    })),
  );
  await upsertSettings(db, userId, rows);
  return getNotificationSettings(db, userId);
};
