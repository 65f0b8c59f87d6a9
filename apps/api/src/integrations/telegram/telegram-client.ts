import { Api, Bot, GrammyError } from 'grammy';

export { Bot, GrammyError } from 'grammy';
export type { Update, UserFromGetMe } from 'grammy/types';

export type TelegramConfig = {
  TELEGRAM_BOT_TOKEN?: string | undefined;
  TELEGRAM_API_ROOT: string;
};

/** The bot's numeric id: the part of its token before the colon. */
export const botIdOf = (token: string): number => Number(token.slice(0, token.indexOf(':')));

/** The Bot API client (grammy) on TELEGRAM_API_ROOT; null when no token is set (bot off). */
export const createTelegramApi = (config: TelegramConfig): Api | null =>
  config.TELEGRAM_BOT_TOKEN
    ? new Api(config.TELEGRAM_BOT_TOKEN, { apiRoot: config.TELEGRAM_API_ROOT })
    : null;

/** A grammy bot (updates in, replies out) on TELEGRAM_API_ROOT; null when no token is set. */
export const createTelegramBot = (config: TelegramConfig): Bot | null =>
  config.TELEGRAM_BOT_TOKEN
    ? new Bot(config.TELEGRAM_BOT_TOKEN, { client: { apiRoot: config.TELEGRAM_API_ROOT } })
    : null;

/** How a Bot API error answer is handled (https://core.telegram.org/bots/api#making-requests). */
export type TelegramFailure =
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  /** 403: the user blocked the bot, or deleted their account: the chat is gone for us. */
  | { kind: 'blocked' }
  /** Any other error answer (400 chat not found, bad text): retrying will not help. */
  | { kind: 'refused'; description: string }
  /** No answer (network) or a 5xx: worth a retry. */
  | { kind: 'transient' };

export const classifyTelegramError = (error: unknown): TelegramFailure => {
  if (!(error instanceof GrammyError)) return { kind: 'transient' };
  if (error.error_code === 429)
    return { kind: 'rate-limited', retryAfterSeconds: error.parameters.retry_after ?? 1 };
  if (error.error_code === 403) return { kind: 'blocked' };
  if (error.error_code >= 500) return { kind: 'transient' };
  return { kind: 'refused', description: error.description };
};

/** grammy's Node build types its signals with the abort-controller polyfill; Node's is one too. */
type TelegramSignal = NonNullable<Parameters<Bot['init']>[0]>;
export const telegramSignal = (signal: AbortSignal) => signal as unknown as TelegramSignal;
