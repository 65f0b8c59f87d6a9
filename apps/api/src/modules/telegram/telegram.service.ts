import { isLanguage, type Language, type TelegramStatus } from '@proxy/contract';
import type { Db, DbRoot, User } from '@proxy/db';
import { generateCode } from '../../lib/crypto.ts';
import {
  connectChat,
  disconnectChat,
  findSubscriptionPromo,
  insertSubscriptionPromo,
  lockUserByPromoToken,
} from './telegram.repository.ts';

export type TelegramPromoSettings = { percent: number; days: number };

/** What the bot answers a command with: a text of `notification-settings:bot.*` and its values. */
export type BotReply = {
  language: Language;
  key: string;
  params?: Record<string, string | number>;
};

/** The language of a chat: the account's, else the Telegram client's (ru or en). */
export const chatLanguage = (languageCode: string | undefined, account?: string): Language => {
  if (account && isLanguage(account)) return account;
  const code = languageCode?.slice(0, 2);
  return code && isLanguage(code) ? code : 'en';
};

/** Telegram's name of the chat's user, as the cabinet shows it (@username, else first name). */
export const telegramName = (from: { username?: string; first_name: string } | undefined) =>
  from ? (from.username ? `@${from.username}` : from.first_name) : null;

const DEEP_LINK_TOKEN = /^[0-9a-f]{32}$/;

/**
 * `/start {promo_token}` (decision 142): connects the chat to the account the token names;
 * the account's first connection grants the subscription promo, a one-time code of its own,
 * in the same transaction (a repeat /start, or the link opened twice at once, grants nothing
 * more). A missing or unknown token connects nothing.
 */
export const startChat = async (
  db: DbRoot,
  promo: TelegramPromoSettings,
  chat: { id: number; languageCode?: string; name: string | null },
  token: string,
): Promise<BotReply> => {
  const fallback = chatLanguage(chat.languageCode);
  if (!DEEP_LINK_TOKEN.test(token)) return { language: fallback, key: 'bot.start_without_link' };
  return db.transaction().execute(async (tx) => {
    const user = await lockUserByPromoToken(tx, token);
    if (!user) return { language: fallback, key: 'bot.unknown_link' };
    const language = chatLanguage(chat.languageCode, user.locale);
    await connectChat(tx, user.id, chat.id, chat.name);
    if (user.telegram_promo_code_id !== null) return { language, key: 'bot.connected' };
    const granted = await grantSubscriptionPromo(tx, user.id, promo);
    return {
      language,
      key: 'bot.connected_with_promo',
      params: { code: granted.code, percent: granted.percent ?? promo.percent },
    };
  });
};

const grantSubscriptionPromo = (tx: Db, userId: number, promo: TelegramPromoSettings) => {
  const validTo = new Date(Date.now() + promo.days * 86_400_000);
  return insertSubscriptionPromo(
    tx,
    userId,
    `TG-${generateCode(10).toUpperCase()}`,
    promo.percent,
    validTo,
  );
};

/** `/stop`: the chat's account (if any) is disconnected; its settings stay for a later return. */
export const stopChat = async (
  db: Db,
  chat: { id: number; languageCode?: string },
): Promise<BotReply> => {
  const user = await disconnectChat(db, chat.id);
  const language = chatLanguage(chat.languageCode, user?.locale);
  return { language, key: user ? 'bot.stopped' : 'bot.not_connected' };
};

/** GET /profile/telegram: the offer the cabinet shows. */
export const telegramStatus = async (
  db: Db,
  user: User,
  bot: { username: string | null; promoPercent: number },
): Promise<TelegramStatus> => {
  const promo =
    user.telegram_promo_code_id === null
      ? undefined
      : await findSubscriptionPromo(db, user.telegram_promo_code_id);
  return {
    enabled: bot.username !== null,
    bot_url: bot.username ? `https://t.me/${bot.username}?start=${user.promo_token}` : null,
    connected: user.telegram_chat_id !== null,
    telegram_user: user.telegram_chat_id !== null ? user.telegram_user : null,
    promo_percent: bot.promoPercent,
    promo: promo
      ? {
          code: promo.code,
          percent: promo.percent ?? bot.promoPercent,
          valid_to: promo.valid_to ? promo.valid_to.toISOString() : null,
          used: promo.uses > 0,
        }
      : null,
  };
};
