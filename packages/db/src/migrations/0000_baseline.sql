-- The schema as of migration 0022, in one file (decision 152). It replaces migrations 0001 to
-- 0022: a database that ran all of them records this file as applied without running it
-- (migrate.ts); a database that ran only some of them must first be started once with the
-- last release that has them (see the decision). New migrations follow from 0023.
--
-- Money is integer cents. Secrets are kept as sha256 digests (tokens) or sealed with
-- DATA_ENCRYPTION_KEY (API keys, package and upstream passwords; decision 068).

-- ---------------------------------------------------------------------------------------------
-- Accounts
-- ---------------------------------------------------------------------------------------------

CREATE TABLE users (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                   text        NOT NULL,
  email                  text        NOT NULL,
  -- NULL for users who sign in only with Google.
  password_hash          text,
  role                   integer     NOT NULL DEFAULT 0,
  status                 integer     NOT NULL DEFAULT 1,
  telegram               text,
  invited_by             bigint      REFERENCES users (id) ON DELETE SET NULL,
  ref_link               text        NOT NULL,
  -- An API key still in plain text, written before keys were sealed (decision 068). The API's
  -- startup step (apps/api/src/modules/users/secrets-at-rest.ts) seals every such key and
  -- clears this column; new rows never have one.
  legacy_api_key         text,
  email_verified_at      timestamptz,
  locale                 text        NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ru')),
  -- The ledger never takes a balance below zero.
  balance_cents          bigint      NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
  referral_balance_cents bigint      NOT NULL DEFAULT 0 CHECK (referral_balance_cents >= 0),
  referral_reward        integer     NOT NULL DEFAULT 10 CHECK (referral_reward BETWEEN 0 AND 100),
  is_show_notification   boolean     NOT NULL DEFAULT true,
  is_restricted          boolean     NOT NULL DEFAULT false,
  -- The Telegram name shown in the cabinet.
  telegram_user          text,
  google_sub             text,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  -- The API key is found by its sha256 hex and shown to its owner from the sealed copy.
  api_key_digest         text        NOT NULL,
  api_key_encrypted      text,
  -- The chat the Telegram bot writes to; NULL when not connected. One chat serves one account:
  -- connecting it elsewhere moves it. The bot's /stop and a "blocked by the user" answer find
  -- the account by chat.
  telegram_chat_id       bigint,
  -- The bot's deep link `start` parameter (https://t.me/{bot}?start={promo_token}): not
  -- guessable, not the id; Telegram allows up to 64 of [A-Za-z0-9_-], this is 32 hex digits.
  promo_token            text        NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', ''),
  -- The subscription promo granted at the first Telegram connection (promo_token_used: it is
  -- set). The foreign key follows promo_codes below.
  telegram_promo_code_id integer,
  CONSTRAINT users_api_key_present CHECK (api_key_encrypted IS NOT NULL OR legacy_api_key IS NOT NULL)
);

-- Login, registration, forgot-password and resend look users up by e-mail,
-- case-insensitively; the unique index also makes duplicate registration impossible.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
-- Registration resolves ?ref= to the inviting user; codes must be unique.
CREATE UNIQUE INDEX users_ref_link_key ON users (ref_link);
-- The restricted-user rule and the reseller API find a user by API key.
CREATE UNIQUE INDEX users_api_key_digest_key ON users (api_key_digest);
-- Google sign-in finds the user by the OIDC subject; NULLs do not collide.
CREATE UNIQUE INDEX users_google_sub_key ON users (google_sub) WHERE google_sub IS NOT NULL;
-- The referral list pages a user's invitees.
CREATE INDEX users_invited_by_idx ON users (invited_by) WHERE invited_by IS NOT NULL;
CREATE UNIQUE INDEX users_telegram_chat_id_key ON users (telegram_chat_id)
  WHERE telegram_chat_id IS NOT NULL;
-- /start {promo_token} finds the account by it.
CREATE UNIQUE INDEX users_promo_token_key ON users (promo_token);
-- The startup step's "keys still in plain text": an empty partial index once it ran, so the
-- check on every start costs nothing however large the table grows.
CREATE INDEX users_legacy_api_key_idx ON users (id) WHERE legacy_api_key IS NOT NULL;

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

-- A reset link's token is found by its sha256 hex and by nothing else: the hash is its key.
CREATE TABLE password_reset_tokens (
  user_id     bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash  text        PRIMARY KEY,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- A successful reset invalidates the user's other unused tokens.
CREATE INDEX password_reset_tokens_user_unused_idx ON password_reset_tokens (user_id) WHERE used_at IS NULL;

CREATE TABLE notifications (
  id         uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- An i18n key of the notifications namespace; data is [{label, value}], typed per type in
  -- the contract (NOTIFICATION_DATA_SCHEMAS).
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

-- Per-user channel switches of one notification type. No row = the defaults of
-- notifications.service.ts (database on; mail on for security and money events).
CREATE TABLE notification_settings (
  user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The notification type (an i18n key such as 'notifications.password_changed').
  type       text        NOT NULL,
  mail       boolean     NOT NULL,
  database   boolean     NOT NULL,
  telegram   boolean     NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- notify() reads the row of (user, type): the primary key serves it.
  PRIMARY KEY (user_id, type)
);

-- Rate-limit counters shared by every API instance on this database: one row per key and
-- window; a hit is a single INSERT ... ON CONFLICT DO UPDATE, atomic under concurrency (see
-- rate-limit-store.ts). UNLOGGED: the counters are short-lived (a window is about a minute)
-- and written on every auth request; skipping the WAL makes each hit cheaper. After a crash
-- PostgreSQL empties the table, which only restarts the current windows.
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
-- The periodic clean-up deletes the rows whose window has ended.
CREATE INDEX rate_limits_reset_at_idx ON rate_limits (reset_at);

-- The next getUpdates offset of each Telegram bot (by its numeric id), so a runner taking over
-- from another instance does not handle updates the previous one already confirmed.
CREATE TABLE telegram_bot_state (
  bot_id        bigint      PRIMARY KEY,
  update_offset bigint      NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Per-user list totals in one table, kept by one trigger function (decision 152): GET
-- /profile/payments and GET /packages answer `meta.total` by summing at most a few rows of it,
-- whatever their filters ask, instead of counting a long-standing customer's rows (decision
-- 087). A row counts one list (`list`: the table's name) of one user per value of its two
-- filtered columns, named by the trigger's arguments and kept as text. A row with `deleted_at`
-- set (a deleted package) is not counted, as if it were gone.
CREATE TABLE user_counts (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list    text   NOT NULL CHECK (list IN ('payments', 'packages')),
  key1    text   NOT NULL,
  key2    text   NOT NULL,
  n       bigint NOT NULL CHECK (n >= 0),
  PRIMARY KEY (user_id, list, key1, key2)
);

CREATE FUNCTION user_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  row_values jsonb;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    row_values := to_jsonb(OLD);
    IF row_values ->> 'deleted_at' IS NULL THEN
      UPDATE user_counts SET n = n - 1
       WHERE user_id = OLD.user_id AND list = TG_TABLE_NAME
         AND key1 = row_values ->> TG_ARGV[0] AND key2 = row_values ->> TG_ARGV[1];
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    row_values := to_jsonb(NEW);
    IF row_values ->> 'deleted_at' IS NULL THEN
      INSERT INTO user_counts AS c (user_id, list, key1, key2, n)
      VALUES (NEW.user_id, TG_TABLE_NAME, row_values ->> TG_ARGV[0], row_values ->> TG_ARGV[1], 1)
      ON CONFLICT (user_id, list, key1, key2) DO UPDATE SET n = c.n + 1;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

-- ---------------------------------------------------------------------------------------------
-- Content: FAQ and operator alerts
-- ---------------------------------------------------------------------------------------------

-- FAQ: loaded from the catalogue's faq.json at start, upserted by key.
CREATE TABLE faq_categories (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key        text        NOT NULL UNIQUE,
  position   integer     NOT NULL,
  title_en   text        NOT NULL,
  title_ru   text        NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE faq_items (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  category_id bigint      NOT NULL REFERENCES faq_categories (id) ON DELETE CASCADE,
  -- Nested answers ("children") point to their parent item.
  parent_id   bigint      REFERENCES faq_items (id) ON DELETE CASCADE,
  key         text        NOT NULL UNIQUE,
  position    integer     NOT NULL,
  title_en    text        NOT NULL,
  title_ru    text        NOT NULL,
  -- Sanitised HTML (sanitize-html allow-list) - never the raw catalogue text.
  content_en  text        NOT NULL,
  content_ru  text        NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- GET /profile/faq reads every item of a category in order.
CREATE INDEX faq_items_category_idx ON faq_items (category_id, position);

-- Operator banners shown once per session in the cabinet (npm run admin -- alerts:*).
CREATE TABLE system_alerts (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  description_en text        NOT NULL,
  description_ru text        NOT NULL,
  is_active      boolean     NOT NULL DEFAULT true,
  type           text        NOT NULL DEFAULT 'info'
                 CHECK (type IN ('info', 'warning', 'error', 'success')),
  created_at     timestamptz NOT NULL DEFAULT now()
);
-- GET /profile/alerts lists the active ones only.
CREATE INDEX system_alerts_active_idx ON system_alerts (id) WHERE is_active;

-- ---------------------------------------------------------------------------------------------
-- Money
-- ---------------------------------------------------------------------------------------------

-- The ledger. Every change of a balance (main or referral) writes one entry here in the same
-- transaction as the balance update, so balance = sum(entries) always holds (checked by
-- `npm run admin -- ledger:check`).
CREATE TABLE ledger_entries (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id             bigint      NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  account             text        NOT NULL CHECK (account IN ('main', 'referral')),
  -- A transaction type of the spec (payment, buy_isp, referral_reward, ...); failures end in _error.
  type                text        NOT NULL,
  -- Signed cents. Zero only for a recorded failure (type ending in _error), which moves nothing.
  amount_cents        bigint      NOT NULL CHECK (amount_cents <> 0 OR type LIKE '%\_error'),
  balance_after_cents bigint      NOT NULL CHECK (balance_after_cents >= 0),
  -- What caused the entry: ('payment', '<uuid>'), ('package', '42'), ('withdrawal', '7') ...
  ref_type            text,
  ref_id              text,
  comment             text,
  created_at          timestamptz NOT NULL DEFAULT clock_timestamp()
);
-- The transactions list: a user's entries newest first, filtered by type, paged.
CREATE INDEX ledger_entries_user_created_idx ON ledger_entries (user_id, created_at DESC, id DESC);
-- ledger:check sums entries per user and account.
CREATE INDEX ledger_entries_user_account_idx ON ledger_entries (user_id, account);
-- Finding the entry of a given cause (idempotency checks, refunds).
CREATE INDEX ledger_entries_ref_idx ON ledger_entries (ref_type, ref_id) WHERE ref_type IS NOT NULL;

-- Top-up payments through providers.
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
-- GET /profile/payments?sort=amount (either direction): the rows come from the index in
-- amount order and only the few equal amounts are sorted on created_at/id (incremental sort),
-- instead of reading and top-N sorting all of the user's payments (decision 042).
CREATE INDEX payments_user_amount_idx ON payments (user_id, amount_cents);
-- GET /profile/payments?filters[status]=N: the page in the default order straight from the
-- index. Also serves sort=status asc in full.
CREATE INDEX payments_user_status_created_idx ON payments (user_id, status, created_at DESC, id DESC);

-- The payments list's totals per method and status (user_counts).
CREATE TRIGGER payments_count
  AFTER INSERT OR DELETE OR UPDATE OF user_id, merchant_id, status ON payments
  FOR EACH ROW EXECUTE FUNCTION user_counts_track('merchant_id', 'status');

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

-- ---------------------------------------------------------------------------------------------
-- Catalogue: tariffs of the four families, ISP countries, unlimited locations, promo codes.
-- The catalogue rows are upserted by `key` from the catalogue's tariffs.json at start.
-- ---------------------------------------------------------------------------------------------

CREATE TABLE isp_countries (
  id          integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  key         text        NOT NULL UNIQUE,
  label       text        NOT NULL,
  iso2        text        NOT NULL,
  -- Operator-set size of the country's IP pool.
  capacity    integer     NOT NULL CHECK (capacity >= 0),
  -- The cursor into the country's CIDR blocks (ip-pool.ts): addresses handed out so far.
  allocated   integer     NOT NULL DEFAULT 0 CHECK (allocated >= 0),
  -- CIDR blocks the allocated IPs are taken from, in order.
  ip_pool     jsonb       NOT NULL DEFAULT '[]'::jsonb,
  is_active   boolean     NOT NULL DEFAULT true,
  sort        integer     NOT NULL DEFAULT 0,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  -- Addresses given back (the rows of isp_released_ips), so the free stock is
  -- capacity - allocated + released. A reservation takes released addresses first, oldest
  -- first (an address rests as long as possible before its next holder), then the cursor; the
  -- country row's lock (the conditional UPDATE) serializes both (decisions 113 and 114).
  released    integer     NOT NULL DEFAULT 0 CHECK (released >= 0)
);

CREATE TABLE unlim_locations (
  id                integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  key               text        NOT NULL UNIQUE,
  name              text        NOT NULL,
  iso2              text        NOT NULL,
  is_available      boolean     NOT NULL DEFAULT true,
  is_active         boolean     NOT NULL DEFAULT true,
  servers_available integer     NOT NULL DEFAULT 0 CHECK (servers_available >= 0),
  -- Speeds with their unit as text ("100 Mbps", "1 GB", "500 KB"): compared in Mbps.
  speed_min         text        NOT NULL,
  speed_max         text        NOT NULL,
  speed_available   text        NOT NULL,
  sort              integer     NOT NULL DEFAULT 0,
  updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tariffs (
  id               integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  key              text        NOT NULL UNIQUE,
  family           text        NOT NULL CHECK (family IN ('dynamic', 'premium', 'isp', 'unlim')),
  title            text        NOT NULL,
  price_cents      bigint      NOT NULL CHECK (price_cents > 0),
  traffic_gb       integer     CHECK (traffic_gb > 0),
  duration_days    integer     CHECK (duration_days > 0),
  speed_limit_mbps integer     CHECK (speed_limit_mbps > 0),
  ports            integer     CHECK (ports > 0),
  country_id       integer     REFERENCES isp_countries (id),
  -- Tariffs removed from the catalogue file are deactivated, never deleted (packages keep a snapshot anyway).
  is_active        boolean     NOT NULL DEFAULT true,
  sort             integer     NOT NULL DEFAULT 0,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (family NOT IN ('dynamic', 'premium') OR traffic_gb IS NOT NULL),
  CHECK (family <> 'unlim' OR (duration_days IS NOT NULL AND speed_limit_mbps IS NOT NULL)),
  CHECK (family <> 'isp' OR (ports IS NOT NULL AND country_id IS NOT NULL))
);
-- GET /tariffs?type= and GET /isp/countries/{id}/tariffs list active tariffs of one family.
CREATE INDEX tariffs_family_idx ON tariffs (family, sort, id) WHERE is_active;

CREATE TABLE promo_codes (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code              text        NOT NULL,
  percent           integer     CHECK (percent BETWEEN 1 AND 100),
  per_gb_cents      integer     CHECK (per_gb_cents > 0),
  valid_from        timestamptz,
  valid_to          timestamptz,
  max_uses          integer     CHECK (max_uses > 0),
  max_uses_per_user integer     CHECK (max_uses_per_user > 0),
  -- Row-locked and incremented by the purchase that uses the code.
  uses              integer     NOT NULL DEFAULT 0 CHECK (uses >= 0),
  families          text[],
  tariff_ids        integer[],
  periods           integer[],
  created_at        timestamptz NOT NULL DEFAULT now(),
  -- A code of one owner (the Telegram subscription promo): other users are told it does not
  -- exist.
  user_id           bigint      REFERENCES users (id) ON DELETE CASCADE,
  CHECK (percent IS NOT NULL OR per_gb_cents IS NOT NULL),
  CHECK (max_uses IS NULL OR uses <= max_uses)
);
-- Codes are case-insensitive: check-coupon and the purchase look them up by upper(code).
CREATE UNIQUE INDEX promo_codes_code_key ON promo_codes (upper(code));

ALTER TABLE users ADD CONSTRAINT users_telegram_promo_code_fkey
  FOREIGN KEY (telegram_promo_code_id) REFERENCES promo_codes (id) ON DELETE SET NULL;

-- ---------------------------------------------------------------------------------------------
-- Packages
-- ---------------------------------------------------------------------------------------------

CREATE TABLE packages (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id             bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type                text        NOT NULL CHECK (type IN ('isp', 'dynamic', 'vip', 'unlim')),
  tariff_id           integer     REFERENCES tariffs (id),
  -- The tariff as bought ({id, key, title, price, traffic, ports, duration_days, speed_limit}).
  tariff              jsonb       NOT NULL,
  price_cents         bigint      NOT NULL CHECK (price_cents >= 0),
  promo_code          text,
  status              text        NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('active', 'inactive', 'deactivate', 'pending', 'processing', 'empty')),
  traffic_limit_bytes bigint,
  -- A counter nobody writes: usage lives in package_usage_hourly (package_period_usage).
  traffic_used_bytes  bigint      NOT NULL DEFAULT 0,
  expires_at          timestamptz,
  auto_update         boolean     NOT NULL DEFAULT false,
  package_key         text        NOT NULL UNIQUE,
  login               text        NOT NULL,
  -- A proxy password still in plain text, written before passwords were sealed (decision 068);
  -- the API's startup step seals and clears it, like users.legacy_api_key.
  legacy_password     text,
  port_http           integer     NOT NULL DEFAULT 8080,
  port_socks          integer     NOT NULL DEFAULT 1080,
  country             text,
  country_id          integer     REFERENCES isp_countries (id),
  period_days         integer,
  ips                 jsonb       NOT NULL DEFAULT '[]'::jsonb,
  auth_ip             text,
  socks               boolean     NOT NULL DEFAULT false,
  location            text,
  location_id         integer     REFERENCES unlim_locations (id),
  speed_limit         integer,
  activated_at        timestamptz,
  created_at          timestamptz NOT NULL DEFAULT clock_timestamp(),
  password_encrypted  text,
  -- Traffic periods (decision 098). A traffic package's usage is what the gateway metered
  -- since its current period began: the hourly usage total minus traffic_period_base_bytes,
  -- the total when the period began. A renewal that gives fresh traffic calls
  -- start_traffic_period().
  traffic_period_base_bytes bigint NOT NULL DEFAULT 0 CHECK (traffic_period_base_bytes >= 0),
  traffic_period_started_at timestamptz,
  -- The id of the statistics page (/statistics/{uuid}/all) and of the premium and unlimited
  -- panels: not guessable and not the sequence id.
  uuid                uuid        NOT NULL DEFAULT gen_random_uuid(),
  -- When an ISP package's addresses were swapped (once per package; the panel's `swaped`).
  swapped_at          timestamptz,
  -- A deleted package stays a row (status 'deactivate', deleted_at set): the ledger entries,
  -- promo usages and usage statistics that name it keep their subject, and an abuse report
  -- about an address at a past time can still be traced to its holder. Every customer-facing
  -- read filters deleted_at IS NULL; the gateway serves active rows only.
  deleted_at          timestamptz,
  CONSTRAINT packages_password_present
    CHECK (password_encrypted IS NOT NULL OR legacy_password IS NOT NULL),
  CONSTRAINT packages_uuid_key UNIQUE (uuid)
);
-- GET /packages: a user's packages newest first.
CREATE INDEX packages_user_created_idx ON packages (user_id, created_at DESC, id DESC);
-- GET /packages sorted by id: without it the planner may walk the primary key backwards over
-- every user's rows to find one user's newest ids.
CREATE INDEX packages_user_id_idx ON packages (user_id, id);
-- GET /packages?filters[status]= and ?filters[type]= in the default order (newest first): the
-- page reads its rows from the index instead of filtering all of the user's packages.
CREATE INDEX packages_user_status_created_idx ON packages (user_id, status, created_at DESC, id DESC);
CREATE INDEX packages_user_type_created_idx ON packages (user_id, type, created_at DESC, id DESC);
-- The startup step's "passwords still in plain text" (as users_legacy_api_key_idx).
CREATE INDEX packages_legacy_password_idx ON packages (id) WHERE legacy_password IS NOT NULL;
-- The provisioning sweep (packages.jobs.ts) looks for packages still waiting for provisioning
-- at every start and once a minute: a handful at any time while the table grows.
CREATE INDEX packages_unprovisioned_idx ON packages (id)
  WHERE status IN ('pending', 'processing');
-- The gateway's full load (at start, and while LISTEN is down) reads the active packages only.
CREATE INDEX packages_active_idx ON packages (id) WHERE status = 'active';
-- The expiry sweep and the reminders: running packages by expiry (`expires_at <= now` to renew
-- or deactivate, `expires_at <= now + 3 days` to remind); expired ones leave the index.
CREATE INDEX packages_running_expiry_idx ON packages (expires_at)
  WHERE status IN ('active', 'empty') AND expires_at IS NOT NULL;
-- The traffic warnings sweep: running traffic packages (dynamic and premium).
CREATE INDEX packages_running_traffic_idx ON packages (id)
  WHERE status IN ('active', 'empty') AND traffic_limit_bytes IS NOT NULL;

-- The packages list's totals per type and status (user_counts); a deleted package leaves them.
CREATE TRIGGER packages_count
  AFTER INSERT OR DELETE ON packages
  FOR EACH ROW EXECUTE FUNCTION user_counts_track('type', 'status');
-- Only changes of the counted columns pay for the upsert (usage and expiry updates do not).
CREATE TRIGGER packages_count_update
  AFTER UPDATE OF user_id, type, status, deleted_at ON packages
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.type IS DISTINCT FROM NEW.type
        OR OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION user_counts_track('type', 'status');

CREATE TABLE promo_usages (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promo_id    integer     NOT NULL REFERENCES promo_codes (id) ON DELETE CASCADE,
  user_id     bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  package_id  bigint      REFERENCES packages (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- The per-user limit counts a user's usages of one code (under the code's row lock).
CREATE INDEX promo_usages_promo_user_idx ON promo_usages (promo_id, user_id);

CREATE TABLE purchase_idempotency_keys (
  user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key          text        NOT NULL,
  -- The first successful response, returned again for a retry with the same key.
  response     jsonb,
  status_code  integer,
  created_at   timestamptz NOT NULL DEFAULT now(),
  -- An Idempotency-Key names one request: the sha256 of it (method, route and canonical JSON
  -- of the validated body), written in the INSERT that claims the key, so a retry with the
  -- same key but another request is refused (422 IDEMPOTENCY_KEY_REUSED). A concurrent
  -- request with the same key waits on the primary key, then compares its own hash. A row
  -- without a hash (written before it was kept) replays its stored answer.
  request_hash text,
  PRIMARY KEY (user_id, key)
);

-- Addresses given back by deleted and swapped ISP packages (see isp_countries.released).
CREATE TABLE isp_released_ips (
  country_id   integer     NOT NULL REFERENCES isp_countries (id),
  ip           text        NOT NULL,
  -- The package that gave it back (history; the package row is never deleted by the API).
  package_id   bigint      REFERENCES packages (id) ON DELETE SET NULL,
  released_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (country_id, ip)
);
-- A reservation's "oldest released addresses of this country".
CREATE INDEX isp_released_ips_country_released_idx ON isp_released_ips (country_id, released_at, ip);

-- One row per notice the lifecycle jobs sent (decisions 109 and 110): (package, kind, the
-- expiry or traffic period it is about). The jobs insert ON CONFLICT DO NOTHING in the
-- transaction that notifies, and notify only the rows they inserted, so two API instances
-- sweeping at once send each notice once. An extension moves the expiry and a renewal starts a
-- traffic period: new keys, so the next reminders and warnings go out again.
CREATE TABLE package_notices (
  package_id  bigint      NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  kind        text        NOT NULL
              CHECK (kind IN ('expiry_3d', 'expiry_1d', 'traffic_low', 'traffic_exhausted')),
  period_key  text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (package_id, kind, period_key)
);

-- Proxy lists of dynamic packages (decision 116). A list is a set of lines that each work
-- through our gateway as printed: auth type 0 lines are sticky sessions of the list's own login
-- on the shared gateway ports; auth type 1 lines are gateway ports of the list's own, opened to
-- the addresses of its whitelist.
CREATE TABLE proxy_lists (
  id                 bigint      GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  package_id         bigint      NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  -- Letters (any script) and digits, as the form's name_matches rule says.
  name               text        NOT NULL CHECK (name ~ '^[[:alnum:]]+$' AND length(name) <= 64),
  -- 0: login and password (entries are sessions of `login`); 1: IP whitelist (entries are ports).
  auth_type          smallint    NOT NULL CHECK (auth_type IN (0, 1)),
  -- Auth 0: 20 random [A-Za-z0-9], the username's login part; the gateway maps it to the list.
  login              text        UNIQUE CHECK (login ~ '^[A-Za-z0-9]{20}$'),
  -- Auth 1: the IPv4 addresses allowed to connect to the list's ports.
  white_list         inet[]      NOT NULL DEFAULT '{}',
  -- custom, world-mix, europe, asia, north-america, south-america, africa, oceania. A preset's
  -- countries are not stored: the gateway maps the preset onto the countries its active exits
  -- serve (packages/contract proxy-lists constants), so a list follows the exits.
  location_preset    text        NOT NULL CHECK (location_preset IN ('custom', 'world-mix',
                       'europe', 'asia', 'north-america', 'south-america', 'africa', 'oceania')),
  -- Custom preset only: ISO 3166-1 alpha-2, upper case; region, city and isp with one country.
  countries          text[]      NOT NULL DEFAULT '{}',
  region             text,
  city               text,
  isp                text,
  -- Seconds an entry keeps its exit: -1 as long as the exit stays up, 0 a new exit per request.
  rotation_period    integer     NOT NULL
                       CHECK (rotation_period = -1
                              OR rotation_period IN (0, 600, 900, 1200, 1800, 2400, 3000, 3600)),
  -- The spec's one option, "IP address only".
  proxy_link_format  text        NOT NULL CHECK (proxy_link_format IN ('ip')),
  -- How a line is printed (the options of the list's auth type, contract PROXY_FORMATS).
  proxy_format       smallint    NOT NULL CHECK (proxy_format BETWEEN 0 AND 9),
  ports_count        integer     NOT NULL CHECK (ports_count BETWEEN 1 AND 1000),
  -- Auth 1: the first of ports_count consecutive gateway ports (GATEWAY_LIST_PORTS).
  port_start         integer     CHECK (port_start BETWEEN 1 AND 65535 - ports_count + 1),
  created_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (array_to_string(countries, ',') ~ '^([A-Z]{2}(,[A-Z]{2})*)?$'
         AND array_position(countries, NULL) IS NULL),
  CHECK (location_preset = 'custom' OR (cardinality(countries) = 0 AND region IS NULL
                                         AND city IS NULL AND isp IS NULL)),
  CHECK ((region IS NULL AND city IS NULL AND isp IS NULL) OR cardinality(countries) = 1),
  CHECK ((auth_type = 0 AND login IS NOT NULL AND port_start IS NULL
           AND cardinality(white_list) = 0)
      OR (auth_type = 1 AND login IS NULL AND port_start IS NOT NULL
           AND cardinality(white_list) > 0)),
  -- Two lists never share a port: a concurrent allocation of an overlapping block fails here
  -- (23P01) and the API tries the next free block.
  CONSTRAINT proxy_lists_ports_apart
    EXCLUDE USING gist (int4range(port_start, port_start + ports_count) WITH &&)
    WHERE (port_start IS NOT NULL)
);
-- The lists of a package, newest first (the list modal's default order, its count).
CREATE INDEX proxy_lists_package_created_idx ON proxy_lists (package_id, created_at DESC, id DESC);

-- ---------------------------------------------------------------------------------------------
-- The proxy gateway: the exits it sends traffic through, the usage it meters, the quotas its
-- instances share, and the notifications that keep its in-memory credentials current. The
-- gateway never queries per connection: it loads active packages once, then applies what the
-- triggers below announce (LISTEN/NOTIFY), re-reading everything only after it lost the LISTEN
-- connection.
-- ---------------------------------------------------------------------------------------------

-- Where traffic leaves: a direct egress from a local address, or an upstream proxy. The operator
-- declares each exit's country, city, region and ISP; a login's targeting picks among matching
-- exits and never falls back to another place. An exit without a country serves untargeted
-- traffic only.
CREATE TABLE gateway_exits (
  id                 integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  name               text        NOT NULL UNIQUE,
  kind               text        NOT NULL CHECK (kind IN ('direct', 'http', 'socks5')),
  country            text        CHECK (country ~ '^[A-Z]{2}$'),
  -- Lower case with '-' for spaces, as logins write it (`_c_us_city_new-york`).
  city               text        CHECK (city ~ '^[^A-Z_[:space:]]+$'),
  -- direct: the local address outgoing connections bind to (NULL: the system chooses).
  local_address      inet,
  -- http / socks5: the upstream proxy, and the username it gets; {country}, {city} and
  -- {session} in the template are filled from the login, for providers that take targeting
  -- in the username.
  upstream_host      text,
  upstream_port      integer     CHECK (upstream_port BETWEEN 1 AND 65535),
  username_template  text,
  -- Sealed like package passwords (decision 068), purpose 'gateway_exits.upstream_password'.
  upstream_password_encrypted text,
  is_active          boolean     NOT NULL DEFAULT true,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  -- Lower case, '-' for spaces, like city. A list's custom region, city or ISP is served by the
  -- exits that declare them; the cabinet offers only what active exits declare.
  region             text        CHECK (region ~ '^[^A-Z_[:space:]]+$'),
  -- The ISP's name as customers see it.
  isp                text        CHECK (isp = btrim(isp) AND length(isp) BETWEEN 1 AND 100),
  CHECK (kind = 'direct' OR (upstream_host IS NOT NULL AND upstream_port IS NOT NULL)),
  CHECK (kind <> 'direct' OR (upstream_host IS NULL AND upstream_port IS NULL)),
  CHECK (city IS NULL OR country IS NOT NULL),
  CHECK (region IS NULL OR country IS NOT NULL),
  CHECK (isp IS NULL OR country IS NOT NULL)
);

-- A fresh installation proxies real traffic at once: one direct exit, the system's address.
INSERT INTO gateway_exits (name, kind) VALUES ('direct', 'direct');

-- Bytes per package and hour, written by every gateway instance as deltas (never increments
-- of the packages row, which purchases lock). One row per package and hour whatever the
-- number of instances: a flush is INSERT ... ON CONFLICT DO UPDATE adding its delta.
CREATE TABLE package_usage_hourly (
  package_id  bigint      NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  -- The start of the hour (a whole hour in UTC, whatever the session's time zone).
  hour        timestamptz NOT NULL CHECK (extract(epoch FROM hour)::bigint % 3600 = 0),
  bytes_up    bigint      NOT NULL DEFAULT 0 CHECK (bytes_up >= 0),
  bytes_down  bigint      NOT NULL DEFAULT 0 CHECK (bytes_down >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (package_id, hour)
);

-- Flushes already applied: a flush retried after an unknown outcome (a timeout after the
-- commit) carries the same id and adds nothing twice. Old ids are pruned by the gateway.
CREATE TABLE gateway_usage_flushes (
  flush_id    text        PRIMARY KEY,
  flushed_at  timestamptz NOT NULL DEFAULT now()
);
-- The gateway's prune (DELETE ... WHERE flushed_at < now() - interval).
CREATE INDEX gateway_usage_flushes_flushed_at_idx ON gateway_usage_flushes (flushed_at);

-- Usage of a package's current period (the API's package list and detail, the leases below).
CREATE FUNCTION package_period_usage(p_package bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT greatest(0, coalesce(
    (SELECT sum(bytes_up + bytes_down) FROM package_usage_hourly WHERE package_id = p_package), 0)
    - (SELECT traffic_period_base_bytes FROM packages WHERE id = p_package))::bigint;
$$;

-- Traffic quotas shared by every gateway instance. All connections of a traffic package
-- (dynamic, premium) spend one budget, whichever instance carries them: each instance leases
-- small byte budgets from here and spends them in memory, and returns what it did not use.
-- granted_bytes is what has been handed out so far; it never exceeds the package's
-- traffic_limit_bytes, so the bytes relayed never do either.
CREATE TABLE package_traffic_grants (
  package_id     bigint      PRIMARY KEY REFERENCES packages (id) ON DELETE CASCADE,
  granted_bytes  bigint      NOT NULL CHECK (granted_bytes >= 0),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- A new traffic period: usage counts from zero and the shared budget is leased afresh (the
-- gateway instances' next lease re-reads the period's usage). The caller sets the status and
-- the new limit in the same transaction; the row's NOTIFY makes every instance reload it.
CREATE FUNCTION start_traffic_period(p_package bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE packages SET
    traffic_period_base_bytes = coalesce(
      (SELECT sum(bytes_up + bytes_down) FROM package_usage_hourly WHERE package_id = p_package), 0),
    traffic_period_started_at = now()
  WHERE id = p_package;
  DELETE FROM package_traffic_grants WHERE package_id = p_package;
END;
$$;

-- Hands out up to p_want bytes of an active traffic package's remainder and returns how many
-- (0: nothing left, or not an active traffic package). Never more than an eighth of what is
-- left (at least 64 KiB): near the end every instance holds little, so little can sit unused
-- in one instance while another runs dry. The first lease of a period starts from that
-- period's usage. The row lock serializes instances leasing for one package (decision 102).
CREATE FUNCTION gateway_lease_traffic(p_package bigint, p_want bigint) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_limit   bigint;
  v_granted bigint;
  v_take    bigint;
BEGIN
  SELECT traffic_limit_bytes INTO v_limit FROM packages WHERE id = p_package AND status = 'active';
  IF v_limit IS NULL THEN
    RETURN 0;
  END IF;
  INSERT INTO package_traffic_grants (package_id, granted_bytes)
  VALUES (p_package, package_period_usage(p_package))
  ON CONFLICT (package_id) DO NOTHING;
  SELECT granted_bytes INTO v_granted FROM package_traffic_grants
  WHERE package_id = p_package FOR UPDATE;
  v_take := greatest(0, least(p_want, greatest(65536, (v_limit - v_granted) / 8), v_limit - v_granted));
  IF v_take > 0 THEN
    UPDATE package_traffic_grants SET granted_bytes = granted_bytes + v_take, updated_at = now()
    WHERE package_id = p_package;
  END IF;
  RETURN v_take;
END;
$$;

-- An instance gives back what it leased and did not spend (idle package, graceful stop).
CREATE FUNCTION gateway_return_traffic(p_package bigint, p_bytes bigint) RETURNS void
LANGUAGE sql AS $$
  UPDATE package_traffic_grants
  SET granted_bytes = greatest(0, granted_bytes - p_bytes), updated_at = now()
  WHERE package_id = p_package;
$$;

-- Status changes made by the gateway, for the API's jobs (decision 096): one row per change,
-- written in the statement that makes it, so one exhaustion is one row whatever the number of
-- gateway instances; the API's sweep takes each row once (FOR UPDATE SKIP LOCKED) and sets
-- notified_at in the transaction that stores the notification.
CREATE TABLE package_status_events (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  package_id   bigint      NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  status       text        NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  notified_at  timestamptz
);
-- The API's sweep: events not yet notified, oldest first.
CREATE INDEX package_status_events_pending_idx ON package_status_events (id)
  WHERE notified_at IS NULL;

-- Nothing left to lease: the package becomes `empty` (its NOTIFY makes every instance close its
-- connections; the API's jobs see the status and the event recorded here). Only an active
-- package whose grants reached its limit, so a limit raised meanwhile (an upgrade) keeps it
-- active. Returns whether it changed.
CREATE FUNCTION gateway_mark_traffic_empty(p_package bigint) RETURNS boolean
LANGUAGE sql AS $$
  WITH changed AS (
    UPDATE packages p SET status = 'empty'
    FROM package_traffic_grants g
    WHERE p.id = p_package AND g.package_id = p.id AND p.status = 'active'
      AND p.traffic_limit_bytes IS NOT NULL AND g.granted_bytes >= p.traffic_limit_bytes
    RETURNING p.id
  ), event AS (
    INSERT INTO package_status_events (package_id, status)
    SELECT id, 'empty' FROM changed
    RETURNING package_id
  )
  SELECT EXISTS (SELECT 1 FROM event);
$$;

-- Each running gateway instance's heartbeat (decision 097): its host's CPU and memory use and
-- the current speed of each package it carries ({"<package id>": bytes per second, up plus
-- down}), rewritten every few seconds. The API reads the fresh rows for the unlimited panel's
-- live metrics; a stopped instance deletes its row, a crashed one's goes stale.
CREATE TABLE gateway_instances (
  instance_id     text        PRIMARY KEY,
  host            text        NOT NULL,
  cpu_usage       real        NOT NULL CHECK (cpu_usage BETWEEN 0 AND 100),
  ram_usage       real        NOT NULL CHECK (ram_usage BETWEEN 0 AND 100),
  package_speeds  jsonb       NOT NULL DEFAULT '{}',
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- What the gateway must re-read, announced on the channel the argument names: a row trigger's
-- payload is the row's id (the gateway re-reads that row; missing: it is gone), a statement
-- trigger's is empty (the gateway re-reads the table). The triggers fire on updates of the
-- columns the gateway reads only, and an update that changes nothing announces nothing. NOTIFY
-- is delivered at commit, so a rolled-back change announces nothing.
CREATE FUNCTION gateway_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify(TG_ARGV[0], '');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify(TG_ARGV[0], OLD.id::text);
  ELSIF TG_OP = 'INSERT' OR OLD IS DISTINCT FROM NEW THEN
    PERFORM pg_notify(TG_ARGV[0], NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;

-- Auto-renewal toggles and the like stay silent.
CREATE TRIGGER packages_gateway
  AFTER INSERT OR DELETE OR UPDATE OF status, login, password_encrypted, legacy_password,
    expires_at, traffic_limit_bytes, speed_limit, ips, auth_ip, socks, type, user_id ON packages
  FOR EACH ROW EXECUTE FUNCTION gateway_notify('gateway_packages');
-- A package's deletion cascades to its lists row by row, so each of them is announced; a
-- rename stays silent.
CREATE TRIGGER proxy_lists_gateway
  AFTER INSERT OR DELETE OR UPDATE OF package_id, auth_type, login, white_list, location_preset,
    countries, region, city, isp, rotation_period, ports_count, port_start ON proxy_lists
  FOR EACH ROW EXECUTE FUNCTION gateway_notify('gateway_proxy_lists');
-- The exits are few: any change makes the gateway re-read them all.
CREATE TRIGGER gateway_exits_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gateway_exits
  FOR EACH STATEMENT EXECUTE FUNCTION gateway_notify('gateway_exits');
