import {
  VALIDATION_KEYS,
  toNotificationLines,
  type NotificationData,
  type NotificationType,
  type NotificationsQuery,
} from '@proxy/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db, NotificationLine } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import {
  findNotificationsPage,
  insertNotification,
  insertNotificationSql,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.repository.ts';
import {
  enqueueJob,
  enqueueMail,
  MAIL_JOB_OPTIONS,
  mailQueueOf,
  type NotificationMailJob,
} from '../jobs/jobs.queue.ts';
import { outboxJob, type OutboxJob } from '../jobs/outbox.ts';
import { channelsSql, findChannels } from './notification-settings.ts';
import {
  TELEGRAM_JOB_OPTIONS,
  TELEGRAM_NOTIFICATION_QUEUE,
  type TelegramNotificationJob,
} from '../telegram/telegram.queue.ts';

/** Notification types are i18n keys of the `notifications` namespace. */
export const NOTIFICATION_TYPES = {
  welcome: 'notifications.welcome',
  emailVerified: 'notifications.email_verified',
  passwordChanged: 'notifications.password_changed',
  passwordReset: 'notifications.password_reset',
  packageBought: 'notifications.package_bought',
  packageDeleted: 'notifications.package_deleted',
  ispSwapped: 'notifications.isp_swapped',
  packageRestored: 'notifications.package_restored',
  packageUpgraded: 'notifications.package_upgraded',
  trafficExhausted: 'notifications.traffic_exhausted',
  trafficLow: 'notifications.traffic_low',
  packageExtended: 'notifications.package_extended',
  packageRenewed: 'notifications.package_renewed',
  packageRenewalFailed: 'notifications.package_renewal_failed',
  packageExpired: 'notifications.package_expired',
  packageExpiring: 'notifications.package_expiring',
  packageRenewalUpcoming: 'notifications.package_renewal_upcoming',
  trafficAlert: 'notifications.traffic_alert',
  expiryAlert: 'notifications.expiry_alert',
  topUp: 'notifications.top_up',
  referralReward: 'notifications.referral_reward',
  withdrawalCompleted: 'notifications.withdrawal_completed',
  withdrawalRejected: 'notifications.withdrawal_rejected',
} as const satisfies Record<string, NotificationType>;

export type NotificationDto = {
  id: string;
  type: string;
  data: NotificationLine[];
  created_at: string;
  read_at: string | null;
};

/**
 * THE notification service: stores the cabinet notification, queues its mail and its Telegram
 * message (pg-boss; Telegram only with a connected chat), each as the user's channel settings
 * say (defaults in notification-settings.ts). Pass the
 * transaction so both commit with the change; queuing never fails the caller. `data` is typed
 * per type by the contract (NOTIFICATION_DATA_SCHEMAS): its field names are the label keys.
 */
export const notify = async <T extends NotificationType>(
  db: Db,
  userId: number,
  type: T,
  fields: NotificationData<T>,
) => {
  const data = toNotificationLines(type, fields);
  const channels = await findChannels(db, userId, type);
  if (!channels) return; // the user is gone
  if (channels.database) await insertNotification(db, userId, type, data);
  if (channels.mail) await enqueueMail(db, { kind: 'notification', userId, type, data });
  if (channels.telegram) {
    const job: TelegramNotificationJob = { userId, type, data };
    await enqueueJob(db, TELEGRAM_NOTIFICATION_QUEUE, job, TELEGRAM_JOB_OPTIONS);
  }
};

/**
 * notify() as parts of the caller's statement (decision 086), for a change written in one
 * round trip: `channels` is the body of a CTE that must be named `channelsAs`, `notification`
 * stores the cabinet notification, and `mail` and `telegram` are its jobs for the caller's
 * outbox part (outboxInsertSql), each written when the channels say so and `when` holds (the
 * change really happened).
 */
export const notifySql = <T extends NotificationType>(
  userId: number,
  type: T,
  fields: NotificationData<T>,
  channelsAs: string,
  when: RawBuilder<boolean>,
): {
  channels: RawBuilder<unknown>;
  notification: RawBuilder<unknown>;
  mail: OutboxJob;
  telegram: OutboxJob;
} => {
  const data = toNotificationLines(type, fields);
  const channels = sql.table(channelsAs);
  const mailJob: NotificationMailJob = { kind: 'notification', userId, type, data };
  const telegramJob: TelegramNotificationJob = { userId, type, data };
  return {
    channels: channelsSql(userId, type),
    notification: insertNotificationSql(
      userId,
      type,
      data,
      sql<boolean>`(SELECT database FROM ${channels}) AND ${when}`,
    ),
    mail: outboxJob(
      { name: mailQueueOf(mailJob), data: mailJob, options: MAIL_JOB_OPTIONS },
      sql<boolean>`coalesce((SELECT mail FROM ${channels}), false) AND ${when}`,
    ),
    telegram: outboxJob(
      { name: TELEGRAM_NOTIFICATION_QUEUE, data: telegramJob, options: TELEGRAM_JOB_OPTIONS },
      sql<boolean>`coalesce((SELECT telegram FROM ${channels}), false) AND ${when}`,
    ),
  };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor is opaque to clients: base64url of JSON [created_at in epoch µs, id]. */
const encodeCursor = (createdAtUs: string, id: string) =>
  Buffer.from(JSON.stringify([createdAtUs, id])).toString('base64url');

const decodeCursor = (cursor: string): { createdAtUs: string; id: string } => {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      /^-?\d{1,16}$/.test(value[0]) &&
      UUID.test(value[1])
    ) {
      return { createdAtUs: value[0], id: value[1] };
    }
  } catch {
    // fall through to the validation error
  }
  throw new AppError('VALIDATION_FAILED', {
    errors: { cursor: [`validation.${VALIDATION_KEYS.invalidType}`] },
  });
};

const toDto = (row: {
  id: string;
  type: string;
  data: NotificationLine[];
  created_at: Date;
  read_at: Date | null;
}): NotificationDto => ({
  id: row.id,
  type: row.type,
  data: row.data,
  created_at: row.created_at.toISOString(),
  read_at: row.read_at ? row.read_at.toISOString() : null,
});

export const listNotifications = async (db: Db, userId: number, query: NotificationsQuery) => {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  // One extra row tells whether another page exists, so the last page has next_cursor null.
  const rows = await findNotificationsPage(db, userId, query.per_page + 1, after);
  const page = rows.slice(0, query.per_page);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.per_page && last ? encodeCursor(last.created_at_us, last.id) : null;
  return { data: page.map(toDto), meta: { next_cursor: nextCursor } };
};

export const readNotification = async (db: Db, userId: number, id: string) => {
  // Another user's id and a malformed id answer the same 404: ids are not probeable.
  if (!UUID.test(id)) throw new AppError('NOT_FOUND');
  const row = await markNotificationRead(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return { success: true as const, notification: toDto(row) };
};

export const readAllNotifications = async (db: Db, userId: number) => ({
  success: true as const,
  updated: await markAllNotificationsRead(db, userId),
});
