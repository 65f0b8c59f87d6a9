import type { NotificationType } from '../notifications/notification.types.ts';

/** The ways a notification reaches the user: e-mail, the cabinet's bell, the Telegram bot. */
export const NOTIFICATION_CHANNELS = ['mail', 'database', 'telegram'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type NotificationChannels = Record<NotificationChannel, boolean>;

/** A setting's name is its notification type without the namespace prefix. */
type SettingName<T extends NotificationType> = T extends `notifications.${infer N}` ? N : never;
export type NotificationSettingName = SettingName<NotificationType>;

/**
 * The settings page's tables (decision 141): events about a package, and events about the
 * account and its money. Every type notify() sends is in exactly one group (the contract test
 * checks it against NOTIFICATION_DATA_SCHEMAS).
 */
export const NOTIFICATION_SETTING_GROUPS = [
  {
    id: 'packages',
    type: 'package',
    names: [
      'package_bought',
      'package_extended',
      'package_renewed',
      'package_renewal_upcoming',
      'package_renewal_failed',
      'package_expiring',
      'package_expired',
      'package_upgraded',
      'package_restored',
      'package_deleted',
      'isp_swapped',
      'traffic_low',
      'traffic_exhausted',
      'traffic_alert',
      'expiry_alert',
    ],
  },
  {
    id: 'finance',
    type: 'user',
    names: ['top_up', 'referral_reward', 'withdrawal_completed', 'withdrawal_rejected'],
  },
  {
    id: 'account',
    type: 'user',
    names: ['welcome', 'email_verified', 'password_changed', 'password_reset'],
  },
] as const satisfies readonly {
  id: string;
  type: 'package' | 'user';
  names: readonly NotificationSettingName[];
}[];

export type NotificationSettingGroupId = (typeof NOTIFICATION_SETTING_GROUPS)[number]['id'];
export const NOTIFICATION_SETTING_GROUP_IDS = NOTIFICATION_SETTING_GROUPS.map(
  (group) => group.id,
) as [NotificationSettingGroupId, ...NotificationSettingGroupId[]];
export const NOTIFICATION_SETTING_GROUP_TYPES = ['package', 'user'] as const;

export const notificationTypeOfSetting = (name: NotificationSettingName): NotificationType =>
  `notifications.${name}`;

/** The group a setting belongs to, or undefined for a name no event has. */
export const groupOfSetting = (name: string) =>
  NOTIFICATION_SETTING_GROUPS.find((group) => (group.names as readonly string[]).includes(name));

/** Field error keys of PUT /profile/notification-settings/update. */
export const NOTIFICATION_SETTINGS_ERRORS = {
  unknownSetting: 'notification-settings:errors.unknown_setting',
  unknownChannel: 'notification-settings:errors.unknown_channel',
  wrongGroup: 'notification-settings:errors.wrong_group',
  duplicate: 'notification-settings:errors.duplicate_setting',
} as const;
