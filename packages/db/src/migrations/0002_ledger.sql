-- 0002: the ledger. Every change of a balance (main or referral) writes one entry here in
-- the same transaction as the balance update, so balance = sum(entries) always holds
-- (checked by `npm run admin -- ledger:check`).

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
