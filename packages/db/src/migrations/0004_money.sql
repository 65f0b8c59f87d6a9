-- 0004: money. Top-up payments through providers, the log of their webhook deliveries,
-- referral rewards (one per credited payment) and referral withdraw orders.

CREATE TABLE payments (
  id                  uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id             bigint      NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  -- 'sandbox' | 'stripe' | 'nowpayments'
  provider            text        NOT NULL,
  -- Set once the provider accepted the payment (a checkout session id, an invoice id).
  provider_payment_id text,
  -- Spec filter values: 1 card, 3 crypto, 5 sandbox.
  merchant_id         integer     NOT NULL,
  -- Display name of the method ("Crypto", "Visa / Mastercard", ...), a sort column.
  system_name         text        NOT NULL,
  type                integer     NOT NULL,
  payment_system      integer,
  network             text,
  amount_cents        bigint      NOT NULL CHECK (amount_cents > 0),
  currency            text        NOT NULL DEFAULT 'USD',
  -- 0 waiting, 1 success (final), 2 error.
  status              smallint    NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  checkout_url        text,
  -- The checkout page of the sandbox speaks the language the payment was created in.
  language            text        NOT NULL DEFAULT 'en',
  created_at          timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at          timestamptz NOT NULL DEFAULT clock_timestamp(),
  credited_at         timestamptz,
  -- Idempotency of webhooks: one payment per provider id.
  UNIQUE (provider, provider_payment_id)
);

-- The payments list: one user's payments newest first (default sort), paged.
CREATE INDEX payments_user_created_idx ON payments (user_id, created_at DESC, id DESC);

-- Every signed webhook we accepted for processing, with what we did with it (audit trail for
-- disputes: replays, amount mismatches, unknown payments).
CREATE TABLE payment_webhook_deliveries (
  id                  bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider            text        NOT NULL,
  provider_payment_id text,
  payment_id          uuid        REFERENCES payments (id) ON DELETE SET NULL,
  provider_status     smallint,
  -- credited | duplicate | failed | ignored | amount_mismatch | unknown_payment
  outcome             text        NOT NULL,
  body                text        NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX payment_webhook_deliveries_payment_idx ON payment_webhook_deliveries (payment_id);

-- A reward paid to the inviter for one credited payment of an invited user.
CREATE TABLE referral_rewards (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id   uuid        NOT NULL UNIQUE REFERENCES payments (id) ON DELETE RESTRICT,
  inviter_id   bigint      NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  referral_id  bigint      NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  percent      integer     NOT NULL,
  amount_cents bigint      NOT NULL CHECK (amount_cents > 0),
  created_at   timestamptz NOT NULL DEFAULT clock_timestamp()
);
-- The referral table sums rewards per (inviter, referral).
CREATE INDEX referral_rewards_inviter_idx ON referral_rewards (inviter_id, referral_id);

CREATE TABLE withdrawals (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  amount_cents bigint      NOT NULL CHECK (amount_cents > 0),
  address      text        NOT NULL,
  status       text        NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'completed', 'rejected')),
  txid         text,
  reason       text,
  created_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  processed_at timestamptz
);
-- The withdraw history of one user, newest first.
CREATE INDEX withdrawals_user_created_idx ON withdrawals (user_id, created_at DESC, id DESC);
-- The operator's queue: withdrawals:list --status waiting.
CREATE INDEX withdrawals_status_idx ON withdrawals (status, created_at);
