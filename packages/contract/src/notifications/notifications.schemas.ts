import { z } from 'zod';
import { VALIDATION_KEYS, textField } from '../common/validation.ts';

/** The panel (spec 000 section 9): a page of 10, the next one 20 px before the bottom. */
export const NOTIFICATIONS_PAGE_SIZE = 10;
export const NOTIFICATIONS_SCROLL_THRESHOLD_PX = 20;
/** A notification counts as read once this share of it has been visible in the panel. */
export const NOTIFICATIONS_READ_VISIBILITY = 0.5;
export const NOTIFICATIONS_STALE_MS = 60_000;
export const NOTIFICATIONS_MAX_PAGE = 50;

/** GET /profile/notifications: cursor paging (the cursor is opaque to clients). */
export const notificationsQuerySchema = z.object({
  per_page: z.coerce
    .number({ error: VALIDATION_KEYS.invalidType })
    .int(VALIDATION_KEYS.invalidType)
    .min(1, VALIDATION_KEYS.invalidType)
    .max(NOTIFICATIONS_MAX_PAGE, VALIDATION_KEYS.invalidType)
    .default(NOTIFICATIONS_PAGE_SIZE),
  cursor: textField().max(200, VALIDATION_KEYS.invalidType).optional(),
});
export type NotificationsQuery = z.output<typeof notificationsQuerySchema>;

/** One line of a notification: a translation key (label) and its value. */
export const notificationLineSchema = z.object({ label: z.string(), value: z.string() });

export const notificationSchema = z.object({
  id: z.string(),
  /** A translation key of the `notifications` namespace. */
  type: z.string(),
  data: z.array(notificationLineSchema),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationsPageSchema = z.object({
  data: z.array(notificationSchema),
  meta: z.object({ next_cursor: z.string().nullable() }),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;
