import type { Job } from 'pg-boss';
import { isLanguage } from '@proxy/contract';
import {
  classifyTelegramError,
  createTelegramApi,
} from '../../integrations/telegram/telegram-client.ts';
import { createNotificationMessageRenderer } from '../notifications/notification-mail.ts';
import { sendJob, workEach, type JobWorker } from '../jobs/jobs.queue.ts';
import { disconnectChat, findTelegramRecipient } from './telegram.repository.ts';
import {
  TELEGRAM_JOB_OPTIONS,
  TELEGRAM_MAX_DEFERRALS,
  TELEGRAM_NOTIFICATION_QUEUE,
  type TelegramNotificationJob,
} from './telegram.queue.ts';

/** Messages sent at once: Telegram allows about 30 per second to different chats. */
const TELEGRAM_BATCH_SIZE = 10;

/**
 * The Telegram notification worker: sends each queued notification to the user's
 * chat. A 429 queues the message again after its `retry_after` (and completes this job); a 403
 * (the user blocked the bot) disconnects the account; a network error or 5xx fails the job for
 * pg-boss's retries (TELEGRAM_JOB_OPTIONS). The queue exists even with the bot off, so the
 * purchase statement's job insert always finds it; jobs then wait for a configured instance.
 */
export const telegramWorker: JobWorker = {
  name: 'telegram',
  start: async (boss, app) => {
    await boss.createQueue(TELEGRAM_NOTIFICATION_QUEUE, TELEGRAM_JOB_OPTIONS);
    const api = createTelegramApi(app.config);
    if (!api) return () => Promise.resolve();
    const render = createNotificationMessageRenderer(app.config.LOCALES_DIR);

    const send = async (job: Job<TelegramNotificationJob>) => {
      const user = await findTelegramRecipient(app.db, job.data.userId);
      // Gone, or disconnected since the job was queued: nothing to send, no retry.
      if (!user || user.telegram_chat_id === null) return;
      const chatId = user.telegram_chat_id;
      const text = render(isLanguage(user.locale) ? user.locale : 'en', {
        type: job.data.type,
        data: job.data.data,
        appUrl: app.config.APP_URL,
      });
      try {
        await api.sendMessage(chatId, text, { link_preview_options: { is_disabled: true } });
      } catch (error) {
        const failure = classifyTelegramError(error);
        if (failure.kind === 'transient') throw error;
        if (failure.kind === 'blocked') {
          await disconnectChat(app.db, chatId);
          app.log.info({ userId: user.id }, 'telegram bot blocked: account disconnected');
          return;
        }
        if (failure.kind === 'refused') {
          app.log.warn({ userId: user.id, description: failure.description }, 'telegram refused');
          return;
        }
        const deferrals = (job.data.deferrals ?? 0) + 1;
        if (deferrals > TELEGRAM_MAX_DEFERRALS) throw error;
        await sendJob(
          app.db,
          TELEGRAM_NOTIFICATION_QUEUE,
          { ...job.data, deferrals },
          { ...TELEGRAM_JOB_OPTIONS, startAfter: failure.retryAfterSeconds },
        );
      }
    };
    await workEach(
      boss,
      TELEGRAM_NOTIFICATION_QUEUE,
      { batchSize: TELEGRAM_BATCH_SIZE, pollingIntervalSeconds: app.config.JOBS_POLL_SECONDS },
      send,
    );
    return () => Promise.resolve();
  },
};
