-- 0021: the Telegram bot (issue 12, decisions 142 and 143): linked chats, the subscription promo
-- and the one bot runner's update offset.

-- The chat the bot writes to; NULL when not connected (users.telegram_user, from 0001, keeps the
-- Telegram name shown in the cabinet). One chat serves one account: connecting it elsewhere
-- moves it. The bot's /stop and a "blocked by the user" answer find the account by chat.
ALTER TABLE users ADD COLUMN telegram_chat_id bigint;
CREATE UNIQUE INDEX users_telegram_chat_id_key ON users (telegram_chat_id)
  WHERE telegram_chat_id IS NOT NULL;
-- The deep link's `start` parameter (https://t.me/{bot}?start={promo_token}): not guessable, not
-- the id; Telegram allows up to 64 of [A-Za-z0-9_-], this is 32 hex digits. A volatile default
-- fills every existing row with its own token (PostgreSQL rewrites the table once for it).
ALTER TABLE users ADD COLUMN promo_token text NOT NULL
  DEFAULT replace(gen_random_uuid()::text, '-', '');
-- /start {promo_token} finds the account by it.
CREATE UNIQUE INDEX users_promo_token_key ON users (promo_token);
-- The subscription promo granted at the first connection (promo_token_used: it is set).
ALTER TABLE users ADD COLUMN telegram_promo_code_id integer;

-- A code of one owner (the subscription promo): other users are told it does not exist.
ALTER TABLE promo_codes ADD COLUMN user_id bigint REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE users ADD CONSTRAINT users_telegram_promo_code_fkey
  FOREIGN KEY (telegram_promo_code_id) REFERENCES promo_codes (id) ON DELETE SET NULL;

-- The next getUpdates offset of each bot (by its numeric id), so a runner taking over from
-- another instance does not handle updates the previous one already confirmed.
CREATE TABLE telegram_bot_state (
  bot_id        bigint      PRIMARY KEY,
  update_offset bigint      NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
