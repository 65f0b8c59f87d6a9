-- Two-factor sign-in and the sessions page (decision 182).

-- TOTP (RFC 6238). The secret is sealed with DATA_ENCRYPTION_KEY like the API key (decision 068):
-- the server must read it to check a code, so it cannot be hashed. A secret with
-- totp_enabled_at NULL is a set-up not confirmed yet (it signs nobody in); confirming a code
-- sets totp_enabled_at. totp_last_step is the time step of the last accepted code: a code of
-- that step or an earlier one is refused, so an observed code cannot be replayed.
ALTER TABLE users
  ADD COLUMN totp_secret_encrypted text,
  ADD COLUMN totp_enabled_at       timestamptz,
  ADD COLUMN totp_last_step        bigint,
  ADD CONSTRAINT users_totp_enabled_has_secret
    CHECK (totp_enabled_at IS NULL OR totp_secret_encrypted IS NOT NULL);

-- The ten one-time recovery codes of an account with two-factor sign-in: only their sha256 is
-- stored (each is 60 random bits, not a password: no dictionary to try). A code is used up
-- with a conditional UPDATE, so two concurrent uses cannot both succeed. Regenerating deletes
-- the old set.
CREATE TABLE two_factor_recovery_codes (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash  text        NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A sign-in with a recovery code looks up the user's unused code by its digest; the settings
-- count the unused ones.
CREATE INDEX two_factor_recovery_codes_user_unused_idx
  ON two_factor_recovery_codes (user_id, code_hash) WHERE used_at IS NULL;

-- The sessions page: each bearer token is one signed-in device. The User-Agent and address are
-- those of the sign-in; last_used_at is moved forward at most every few minutes by the
-- authentication hook (a conditional UPDATE), so most requests still write nothing.
ALTER TABLE access_tokens
  ADD COLUMN user_agent text,
  ADD COLUMN ip_address text;
-- The sessions page reads a user's live sessions through access_tokens_user_live_idx.

-- Per-account attempts run one after another (decision 182): turn_at is the moment the latest
-- attempt on an account key was allowed to start. The next attempt starts its delay after the
-- later of its arrival and turn_at, so concurrent attempts from many addresses queue instead of
-- waiting side by side. The row's window (reset_at) is kept at least until turn_at, so the
-- clean-up never drops a queue that is still waiting.
ALTER TABLE rate_limits ADD COLUMN turn_at timestamptz;
