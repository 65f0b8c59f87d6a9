/**
 * How a notification line's value reads, without zod: the cabinet's notification list is on every
 * page, and this keeps the schema library off the first load (notification.types.test checks that
 * NOTIFICATION_DATE_LABELS names exactly the schemas' instant fields).
 */

/** The labels whose value is an instant (ISO 8601 in UTC, decision 156). */
export const NOTIFICATION_DATE_LABELS: readonly string[] = ['date'];

/** What `z.iso.datetime()` accepts: an ISO 8601 instant in UTC. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/**
 * A line's value as its reader sees it: an instant through `formatDate` (the cabinet's
 * formatDateTime in the browser's time zone, formatDateTimeUtc in a mail or a Telegram message),
 * anything else as stored. A date stored before dates were instants stays as it was written.
 */
export const notificationValue = (
  line: { label: string; value: string },
  formatDate: (iso: string) => string,
): string =>
  NOTIFICATION_DATE_LABELS.includes(line.label) && ISO_INSTANT.test(line.value)
    ? formatDate(line.value)
    : line.value;
