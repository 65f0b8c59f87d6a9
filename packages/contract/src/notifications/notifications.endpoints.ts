import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import { textField } from '../common/validation.ts';
import {
  notificationSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
} from './notifications.schemas.ts';

export const notificationsEndpoints = {
  list: defineEndpoint('GET /profile/notifications', {
    summary: 'Notifications, newest first, cursor-paged',
    query: notificationsQuerySchema,
    response: notificationsPageSchema,
  }),
  readAll: defineEndpoint('PATCH /profile/notifications/read-all', {
    summary: 'Mark every notification read',
    response: z.object({ success: z.literal(true), updated: z.number() }),
  }),
  read: defineEndpoint('PATCH /profile/notifications/:id/read', {
    summary: 'Mark one notification read (404 for a foreign or malformed id)',
    params: z.object({ id: textField() }),
    response: z.object({ success: z.literal(true), notification: notificationSchema }),
  }),
} as const;
