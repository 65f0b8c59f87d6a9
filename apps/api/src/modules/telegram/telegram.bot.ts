import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DbRoot } from '@proxy/db';
import type { Config } from '../../config/env.ts';
import type { Translator } from '../../i18n/translator.ts';
import {
  botIdOf,
  createTelegramBot,
  telegramSignal,
  type Bot,
  type Update,
} from '../../integrations/telegram/telegram-client.ts';
import { findUpdateOffset, saveUpdateOffset } from './telegram.repository.ts';
import { startChat, stopChat, telegramName, type BotReply } from './telegram.service.ts';

/** The updates the bot reads: messages (its commands); everything else is not fetched. */
const ALLOWED_UPDATES = ['message'] as const;
/** After a failed getUpdates (network, 5xx, 409 from a poller outside this deployment). */
const POLL_ERROR_PAUSE_MS = 1_000;

export type TelegramRuntime = {
  /** The bot's @name for the deep link (TELEGRAM_BOT_USERNAME or getMe); null while unknown. */
  username: () => Promise<string | null>;
  /** One update posted to the webhook route. */
  handleUpdate: (update: Update) => Promise<void>;
  /** Whether this instance is the bot runner now (holds the lock). */
  isRunner: () => boolean;
  start: () => void;
  stop: () => Promise<void>;
};

type RuntimeDeps = {
  config: Config;
  db: DbRoot;
  translator: Translator;
  log: FastifyBaseLogger;
};

/** The bot's command handlers: /start {promo_token}, /stop, and a hint for anything else. */
const buildBot = ({ config, db, translator, log }: RuntimeDeps): Bot | null => {
  const bot = createTelegramBot(config);
  if (!bot) return null;
  const promo = { percent: config.TELEGRAM_PROMO_PERCENT, days: config.TELEGRAM_PROMO_DAYS };
  const text = (reply: BotReply) =>
    translator.t(reply.language, `notification-settings:${reply.key}`, reply.params);
  bot.command('start', async (ctx) => {
    const chat = {
      id: ctx.chat.id,
      languageCode: ctx.from?.language_code,
      name: telegramName(ctx.from),
    };
    await ctx.reply(text(await startChat(db, promo, chat, ctx.match.trim())));
  });
  bot.command('stop', async (ctx) => {
    const chat = { id: ctx.chat.id, languageCode: ctx.from?.language_code };
    await ctx.reply(text(await stopChat(db, chat)));
  });
  bot.on('message', async (ctx) => {
    await ctx.reply(
      text({ language: ctx.from.language_code === 'ru' ? 'ru' : 'en', key: 'bot.help' }),
    );
  });
  bot.catch((error) => log.warn({ err: error.error }, 'telegram update failed'));
  return bot;
};

/**
 * The Telegram bot of this instance (decision 143). Every instance can answer webhook posts;
 * ONE instance across the deployment is the runner, the holder of a PostgreSQL advisory lock
 * (per bot) on a connection it keeps: it long-polls getUpdates (or, with TELEGRAM_WEBHOOK_URL,
 * registers the webhook) while the others stand by and try the lock every
 * TELEGRAM_STANDBY_SECONDS. The lock dies with its connection, so a crashed runner is replaced
 * by the next try; the next getUpdates offset is kept in telegram_bot_state.
 */
export const createTelegramRuntime = (deps: RuntimeDeps): TelegramRuntime | null => {
  const bot = buildBot(deps);
  const token = deps.config.TELEGRAM_BOT_TOKEN;
  if (!bot || !token) return null;
  const { config, db, log } = deps;
  const botId = botIdOf(token);
  const lockKey = `telegram-bot:${botId}`;
  const abort = new AbortController();
  const signal = telegramSignal(abort.signal);
  let isRunner = false;
  let loop: Promise<void> | null = null;
  let init: Promise<void> | null = null;

  const ensureInit = () => {
    init ??= bot.init(signal).catch((error: unknown) => {
      init = null;
      throw error;
    });
    return init;
  };

  const handle = async (update: Update) => {
    await ensureInit();
    await bot.handleUpdate(update);
  };

  /** Long polling until stopped or the lock's connection fails. */
  const poll = async (isLockAlive: () => Promise<boolean>) => {
    await bot.api.deleteWebhook({}, signal);
    let offset = await findUpdateOffset(db, botId);
    while (!abort.signal.aborted && (await isLockAlive())) {
      let updates: Update[];
      try {
        updates = await bot.api.getUpdates(
          {
            offset,
            timeout: config.TELEGRAM_POLL_TIMEOUT_SECONDS,
            allowed_updates: [...ALLOWED_UPDATES],
          },
          signal,
        );
      } catch (error) {
        if (abort.signal.aborted) return;
        log.warn({ err: error }, 'telegram getUpdates failed');
        await sleep(POLL_ERROR_PAUSE_MS, undefined, { signal: abort.signal }).catch(() => {});
        continue;
      }
      for (const update of updates) {
        // A failing update is logged (bot.catch) and skipped: it must not block the rest.
        await bot.handleUpdate(update).catch((error: unknown) => {
          log.warn({ err: error }, 'telegram update failed');
        });
        offset = update.update_id + 1;
      }
      if (updates.length > 0) await saveUpdateOffset(db, botId, offset);
    }
  };

  /** Webhook mode: the runner registers the URL, then holds the lock until stopped. */
  const registerWebhook = async (url: string, isLockAlive: () => Promise<boolean>) => {
    await bot.api.setWebhook(
      url,
      { secret_token: config.TELEGRAM_WEBHOOK_SECRET, allowed_updates: [...ALLOWED_UPDATES] },
      signal,
    );
    while (!abort.signal.aborted && (await isLockAlive()))
      await sleep(config.TELEGRAM_STANDBY_SECONDS * 1000, undefined, {
        signal: abort.signal,
      }).catch(() => {});
  };

  /** One attempt at the lock; as the runner, runs until stopped or the connection fails. */
  const tryToRun = () =>
    db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`
        SELECT pg_try_advisory_lock(hashtextextended(${lockKey}, 0)) AS locked`.execute(connection);
      if (rows[0]?.locked !== true) return;
      isRunner = true;
      log.info(
        { botId, mode: config.TELEGRAM_WEBHOOK_URL ? 'webhook' : 'polling' },
        'telegram bot runner',
      );
      const isLockAlive = () =>
        sql`SELECT 1`.execute(connection).then(
          () => true,
          () => false,
        );
      try {
        await ensureInit();
        if (config.TELEGRAM_WEBHOOK_URL)
          await registerWebhook(config.TELEGRAM_WEBHOOK_URL, isLockAlive);
        else await poll(isLockAlive);
      } finally {
        isRunner = false;
        await sql`SELECT pg_advisory_unlock(hashtextextended(${lockKey}, 0))`
          .execute(connection)
          .catch(() => undefined);
      }
    });

  const run = async () => {
    while (!abort.signal.aborted) {
      await tryToRun().catch((error: unknown) => {
        if (!abort.signal.aborted) log.warn({ err: error }, 'telegram bot runner stopped');
      });
      await sleep(config.TELEGRAM_STANDBY_SECONDS * 1000, undefined, {
        signal: abort.signal,
      }).catch(() => {});
    }
  };

  return {
    username: async () => {
      if (config.TELEGRAM_BOT_USERNAME) return config.TELEGRAM_BOT_USERNAME;
      try {
        await ensureInit();
        return bot.botInfo.username;
      } catch (error) {
        log.warn({ err: error }, 'telegram getMe failed');
        return null;
      }
    },
    handleUpdate: handle,
    isRunner: () => isRunner,
    start: () => {
      loop ??= run();
    },
    stop: async () => {
      abort.abort();
      await loop;
    },
  };
};
