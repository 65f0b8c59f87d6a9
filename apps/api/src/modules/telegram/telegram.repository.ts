import { sql } from 'kysely';
import type { Db } from '@proxy/db';

/** The account a deep link's token names, locked: two /start at once grant one promo. */
export const lockUserByPromoToken = (db: Db, token: string) =>
  db
    .selectFrom('users')
    .select(['id', 'locale', 'telegram_chat_id', 'telegram_promo_code_id'])
    .where('promo_token', '=', token)
    .forUpdate()
    .executeTakeFirst();

/** A chat serves one account: connecting it here frees it from any other. */
export const connectChat = async (
  db: Db,
  userId: number,
  chatId: number,
  telegramUser: string | null,
) => {
  await db
    .updateTable('users')
    .set({ telegram_chat_id: null, telegram_user: null })
    .where('telegram_chat_id', '=', chatId)
    .where('id', '<>', userId)
    .execute();
  await db
    .updateTable('users')
    .set({ telegram_chat_id: chatId, telegram_user: telegramUser, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
};

/** /stop, or the bot blocked: the account (if any) of the chat is disconnected. */
export const disconnectChat = (db: Db, chatId: number) =>
  db
    .updateTable('users')
    .set({ telegram_chat_id: null, telegram_user: null, updated_at: new Date() })
    .where('telegram_chat_id', '=', chatId)
    .returning(['id', 'locale'])
    .executeTakeFirst();

export const findTelegramRecipient = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'locale', 'telegram_chat_id'])
    .where('id', '=', userId)
    .executeTakeFirst();

/** The subscription promo code: one use, by its owner only, until `validTo`. */
export const insertSubscriptionPromo = async (
  db: Db,
  userId: number,
  code: string,
  percent: number,
  validTo: Date,
) => {
  const promo = await db
    .insertInto('promo_codes')
    .values({
      code,
      percent,
      valid_to: validTo,
      max_uses: 1,
      max_uses_per_user: 1,
      user_id: userId,
    })
    .returning(['id', 'code', 'percent', 'valid_to'])
    .executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ telegram_promo_code_id: promo.id })
    .where('id', '=', userId)
    .execute();
  return promo;
};

export const findSubscriptionPromo = (db: Db, promoCodeId: number) =>
  db
    .selectFrom('promo_codes')
    .select(['code', 'percent', 'valid_to', 'uses'])
    .where('id', '=', promoCodeId)
    .executeTakeFirst();

export const findUpdateOffset = async (db: Db, botId: number): Promise<number> => {
  const row = await db
    .selectFrom('telegram_bot_state')
    .select('update_offset')
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  return row ? Number(row.update_offset) : 0;
};

export const saveUpdateOffset = (db: Db, botId: number, offset: number) =>
  db
    .insertInto('telegram_bot_state')
    .values({ bot_id: botId, update_offset: offset })
    .onConflict((conflict) =>
      conflict.column('bot_id').doUpdateSet({
        update_offset: sql<number>`greatest(telegram_bot_state.update_offset, excluded.update_offset)`,
        updated_at: new Date(),
      }),
    )
    .execute();
