-- 0001: users, access tokens, password reset tokens and notifications (foundation issue).

CREATE TABLE users (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                   text        NOT NULL,
  email                  text        NOT NULL,
  -- NULL for users who sign in only with Google (later issue).
  password_hash          text,
  role                   integer     NOT NULL DEFAULT 0,
  status                 integer     NOT NULL DEFAULT 1,
  telegram               text,
  invited_by             bigint      REFERENCES users (id) ON DELETE SET NULL,
  ref_link               text        NOT NULL,
  api_key                text        NOT NULL,
  email_verified_at      timestamptz,
  locale                 text        NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ru')),
  -- Money is integer cents; the ledger (later) must never take a balance below zero.
  balance_cents          bigint      NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
  referral_balance_cents bigint      NOT NULL DEFAULT 0 CHECK (referral_balance_cents >= 0),
  referral_reward        integer     NOT NULL DEFAULT 10 CHECK (referral_reward BETWEEN 0 AND 100),
  is_show_notification   boolean     NOT NULL DEFAULT true,
  is_restricted          boolean     NOT NULL DEFAULT false,
  telegram_user          text,
  google_sub             text,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);

-- Login, registration, forgot-password and resend look users up by e-mail,
-- case-insensitively; the unique index also makes duplicate registration impossible.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
-- Registration resolves ?ref= to the inviting user; codes must be unique.
CREATE UNIQUE INDEX users_ref_link_key ON users (ref_link);
-- The public proxy API (later) authenticates by api_key.
CREATE UNIQUE INDEX users_api_key_key ON users (api_key);
-- Google sign-in (later) finds the user by the OIDC subject; NULLs do not collide.
CREATE UNIQUE INDEX users_google_sub_key ON users (google_sub) WHERE google_sub IS NOT NULL;
-- The referral list (later) pages a user's invitees.
CREATE INDEX users_invited_by_idx ON users (invited_by) WHERE invited_by IS NOT NULL;

CREATE TABLE access_tokens (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- sha256 hex of the bearer token: a database leak does not leak sessions.
  token_hash   text        NOT NULL,
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
-- Every authenticated request: token hash -> token row (joined to users by primary key).
CREATE UNIQUE INDEX access_tokens_token_hash_key ON access_tokens (token_hash);
-- "Revoke all tokens of a user" on password reset/change; only live tokens matter.
CREATE INDEX access_tokens_user_live_idx ON access_tokens (user_id) WHERE revoked_at IS NULL;

CREATE TABLE password_reset_tokens (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash  text        NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- POST /reset-password finds the token by its hash.
CREATE UNIQUE INDEX password_reset_tokens_token_hash_key ON password_reset_tokens (token_hash);
-- A successful reset invalidates the user's other unused tokens.
CREATE INDEX password_reset_tokens_user_unused_idx ON password_reset_tokens (user_id) WHERE used_at IS NULL;

CREATE TABLE notifications (
  id         uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- An i18n key of the notifications namespace; data is [{label, value}].
  type       text        NOT NULL,
  data       jsonb       NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  read_at    timestamptz
);
-- GET /profile/notifications: keyset paging newest first,
-- WHERE user_id = $1 AND (created_at, id) < ($2, $3) ORDER BY created_at DESC, id DESC.
CREATE INDEX notifications_user_page_idx ON notifications (user_id, created_at DESC, id DESC);
-- PATCH read-all touches only the unread rows of one user.
CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
