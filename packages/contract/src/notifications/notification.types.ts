import { z } from 'zod';

/**
 * The data of every notification type, one schema per type. A field name IS the label key the
 * cabinet and the notification mail translate (`notifications:labels.<field>`), so the server
 * writes bare keys only; a `labels.`-prefixed key or a field of another type does not compile.
 * Field order is the order of the lines shown.
 */
const text = z.string();
/**
 * An instant, ISO 8601 in UTC ("2027-01-27T04:38:00.000Z"): each reader writes it with the one
 * date format, in its language (notificationValue; decision 156).
 */
const instant = z.iso.datetime();
const email = z.object({ email: text });

export const NOTIFICATION_DATA_SCHEMAS = {
  'notifications.welcome': email,
  'notifications.email_verified': email,
  'notifications.password_changed': email,
  'notifications.password_reset': email,
  'notifications.package_bought': z.object({ package: text, amount: text }),
  'notifications.traffic_exhausted': z.object({ package: text }),
  'notifications.package_deleted': z.object({ package: text }),
  'notifications.isp_swapped': z.object({ package: text, country: text }),
  'notifications.package_restored': z.object({ package: text, amount: text, date: instant }),
  'notifications.package_upgraded': z.object({ package: text, tariff: text, amount: text }),
  // Package lifecycle (decision 109). `date` is the (new) expiry.
  'notifications.package_extended': z.object({ package: text, amount: text, date: instant }),
  'notifications.package_renewed': z.object({ package: text, amount: text, date: instant }),
  'notifications.package_renewal_failed': z.object({ package: text, amount: text }),
  'notifications.package_expired': z.object({ package: text }),
  'notifications.package_expiring': z.object({ package: text, date: instant }),
  'notifications.package_renewal_upcoming': z.object({
    package: text,
    date: instant,
    amount: text,
  }),
  /** `percent`: what is left of the period's traffic. */
  'notifications.traffic_low': z.object({ package: text, percent: text }),
  // Usage alerts the customer set (decision 184): `used` is the share of the period's traffic
  // used, `days_left` the whole days until the expiry `date`.
  'notifications.traffic_alert': z.object({ package: text, used: text }),
  'notifications.expiry_alert': z.object({ package: text, days_left: text, date: instant }),
  'notifications.top_up': z.object({ amount: text, method: text }),
  'notifications.referral_reward': z.object({ amount: text, percent: text, referral: text }),
  'notifications.withdrawal_completed': z.object({
    amount: text,
    address: text,
    txid: text.optional(),
  }),
  'notifications.withdrawal_rejected': z.object({ amount: text, reason: text.optional() }),
} as const;

export type NotificationType = keyof typeof NOTIFICATION_DATA_SCHEMAS;
export type NotificationData<T extends NotificationType> = z.input<
  (typeof NOTIFICATION_DATA_SCHEMAS)[T]
>;

/** Every label key any notification can carry (the keys of `labels` in notifications.json). */
export type NotificationLabel = {
  [T in NotificationType]: keyof NotificationData<T> & string;
}[NotificationType];

export const NOTIFICATION_LABELS = [
  ...new Set(
    Object.values(NOTIFICATION_DATA_SCHEMAS).flatMap((schema) => Object.keys(schema.shape)),
  ),
] as NotificationLabel[];

/** How a notification is stored and sent: label/value lines (spec: "object of label/value pairs"). */
export type NotificationLine = { label: NotificationLabel; value: string };

/** Typed data -> lines in the schema's field order; absent optional fields are left out. */
export const toNotificationLines = <T extends NotificationType>(
  type: T,
  data: NotificationData<T>,
): NotificationLine[] => {
  const parsed = NOTIFICATION_DATA_SCHEMAS[type].parse(data) as Record<string, string | undefined>;
  return Object.keys(NOTIFICATION_DATA_SCHEMAS[type].shape).flatMap((label) => {
    const value = parsed[label];
    return value === undefined ? [] : [{ label: label as NotificationLabel, value }];
  });
};
