import { z } from 'zod';
import { VALIDATION_KEYS, textField } from '../common/validation.ts';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_SETTING_GROUP_IDS,
  NOTIFICATION_SETTING_GROUP_TYPES,
  NOTIFICATION_SETTINGS_ERRORS,
  groupOfSetting,
} from './notification-settings.constants.ts';

const flag = z.boolean({ error: VALIDATION_KEYS.invalidType });

const channelsShape = { mail: flag, database: flag, telegram: flag };

/** The three switches as the API answers them. */
export const notificationChannelsSchema = z.object(channelsShape);

/** The three switches as sent; any other key is an unknown channel (a field error at its path). */
const notificationChannelsInputSchema = z
  .looseObject(channelsShape)
  .superRefine((channels, ctx) => {
    for (const key of Object.keys(channels)) {
      if (!(NOTIFICATION_CHANNELS as readonly string[]).includes(key))
        ctx.addIssue({
          code: 'custom',
          message: NOTIFICATION_SETTINGS_ERRORS.unknownChannel,
          path: [key],
        });
    }
  })
  .transform(({ mail, database, telegram }) => ({ mail, database, telegram }));

const settingName = textField().max(64, VALIDATION_KEYS.tooLong);
const groupFields = {
  id: z.enum(NOTIFICATION_SETTING_GROUP_IDS, { error: VALIDATION_KEYS.invalidType }),
  type: z.enum(NOTIFICATION_SETTING_GROUP_TYPES, { error: VALIDATION_KEYS.invalidType }),
};

export const notificationSettingGroupSchema = z.object({
  ...groupFields,
  settings: z.array(z.object({ name: z.string(), channels: notificationChannelsSchema })),
});
export type NotificationSettingGroup = z.infer<typeof notificationSettingGroupSchema>;

const notificationSettingGroupInputSchema = z.object({
  ...groupFields,
  settings: z
    .array(z.object({ name: settingName, channels: notificationChannelsInputSchema }))
    .max(100, VALIDATION_KEYS.tooLong),
});

/** GET /profile/notification-settings: every group, every event, the effective switches. */
export const notificationSettingsResponseSchema = z.object({
  settings: z.array(notificationSettingGroupSchema),
});
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponseSchema>;

/**
 * PUT /profile/notification-settings/update: the groups as GET returns them (the page sends its
 * edited copy back). A setting left out keeps its value; a name no event has, a name under
 * another group, a repeated name or a channel other than the three is refused at its path.
 */
export const notificationSettingsUpdateSchema = z
  .object({
    settings: z.array(notificationSettingGroupInputSchema).max(10, VALIDATION_KEYS.tooLong),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.settings.forEach((group, groupIndex) => {
      group.settings.forEach((setting, index) => {
        const path = ['settings', groupIndex, 'settings', index, 'name'];
        const owner = groupOfSetting(setting.name);
        const message = !owner
          ? NOTIFICATION_SETTINGS_ERRORS.unknownSetting
          : owner.id !== group.id || owner.type !== group.type
            ? NOTIFICATION_SETTINGS_ERRORS.wrongGroup
            : seen.has(setting.name)
              ? NOTIFICATION_SETTINGS_ERRORS.duplicate
              : null;
        if (message) ctx.addIssue({ code: 'custom', message, path });
        seen.add(setting.name);
      });
    });
  });
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

export const notificationSettingsUpdateResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  settings: z.array(notificationSettingGroupSchema),
});

/**
 * GET /profile/telegram: what the cabinet offers. `bot_url` is the deep link that connects
 * this account (null when the bot is off: the cabinet hides the offer); `promo` the
 * subscription promo granted at the first connection.
 */
export const telegramStatusSchema = z.object({
  enabled: z.boolean(),
  bot_url: z.string().nullable(),
  connected: z.boolean(),
  telegram_user: z.string().nullable(),
  promo_percent: z.number(),
  promo: z
    .object({
      code: z.string(),
      percent: z.number(),
      valid_to: z.string().nullable(),
      used: z.boolean(),
    })
    .nullable(),
});
export type TelegramStatus = z.infer<typeof telegramStatusSchema>;
