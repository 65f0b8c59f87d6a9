import type { NotificationChannel, NotificationSettingGroup } from '@proxy/contract';

/** The local copy with one switch changed (the server copy is never touched). */
export const withChannel = (
  groups: NotificationSettingGroup[],
  name: string,
  channel: NotificationChannel,
  value: boolean,
): NotificationSettingGroup[] =>
  groups.map((group) => ({
    ...group,
    settings: group.settings.map((setting) =>
      setting.name === name
        ? { ...setting, channels: { ...setting.channels, [channel]: value } }
        : setting,
    ),
  }));

/** Whether the local copy differs from the server copy. */
export const isChanged = (local: NotificationSettingGroup[], server: NotificationSettingGroup[]) =>
  JSON.stringify(local) !== JSON.stringify(server);
