import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  notificationSettingsResponseSchema,
  notificationSettingsUpdateResponseSchema,
  notificationSettingsUpdateSchema,
  telegramStatusSchema,
} from './notification-settings.schemas.ts';

/** Notification settings and the Telegram bot (spec 001 sections 2, 4 and 7). */
export const notificationSettingsEndpoints = {
  get: defineEndpoint('GET /profile/notification-settings', {
    summary: 'Per event and channel (mail, database, telegram): whether the user hears of it',
    response: notificationSettingsResponseSchema,
  }),
  update: defineEndpoint('PUT /profile/notification-settings/update', {
    summary: 'Save the settings (unknown names or channels are field errors)',
    body: notificationSettingsUpdateSchema,
    response: notificationSettingsUpdateResponseSchema,
  }),
  telegram: defineEndpoint('GET /profile/telegram', {
    summary: 'The Telegram bot offer: deep link, connection and the subscription promo',
    response: telegramStatusSchema,
  }),
  telegramWebhook: defineEndpoint('POST /telegram/webhook', {
    summary: 'Telegram Bot API updates (webhook mode; X-Telegram-Bot-Api-Secret-Token checked)',
    body: z.object({ update_id: z.number().int() }).passthrough(),
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;
