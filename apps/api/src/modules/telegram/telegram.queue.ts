import { sendJobOptions, type NotificationJobData } from '../jobs/jobs.queue.ts';

/** Notifications sent by the bot: a queue of their own, so a slow Telegram delays no mail. */
export const TELEGRAM_NOTIFICATION_QUEUE = 'telegram.notification';

/**
 * Retries of a failed send (network, 5xx): 2 s, 4 s, 8 s ... 6 times. A 429 is not a failure:
 * the worker queues the message again after Telegram's retry_after (at most
 * TELEGRAM_MAX_DEFERRALS times) and completes the job.
 */
export const TELEGRAM_JOB_OPTIONS = sendJobOptions(6, 2);
export const TELEGRAM_MAX_DEFERRALS = 20;

export type TelegramNotificationJob = NotificationJobData & {
  /** How many times a 429 put this message off. */
  deferrals?: number;
};
