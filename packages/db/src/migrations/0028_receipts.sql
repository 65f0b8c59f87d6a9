-- Receipts of successful top-ups (decision 183).

-- What the customer wants printed on their receipts as the buyer; both optional, bounded by the
-- profile contract (profile.schemas.ts) and here again, so no other writer stores a novel.
ALTER TABLE users ADD COLUMN billing_name text CHECK (char_length(billing_name) <= 200);
ALTER TABLE users ADD COLUMN billing_address text CHECK (char_length(billing_address) <= 500);

-- The last receipt number handed out in each calendar year (UTC). Numbers come from this row,
-- not from a sequence: the crediting transaction raises `last` and holds the row lock until it
-- commits, so a rolled back credit gives its number back and numbers have no gaps; concurrent
-- credits take their numbers one after another.
CREATE TABLE receipt_counters (
  year integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 9999),
  last integer NOT NULL CHECK (last > 0)
);

-- One receipt per successful payment, written in the transaction that credits the payment. The
-- money columns are the payment's at that moment: a receipt never changes after it is issued.
CREATE TABLE receipts (
  id           uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  -- A payment has at most one receipt: a replayed webhook that somehow got past the status
  -- check still cannot issue a second one.
  payment_id   uuid        NOT NULL UNIQUE REFERENCES payments (id) ON DELETE RESTRICT,
  user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  year         integer     NOT NULL,
  seq          integer     NOT NULL CHECK (seq > 0),
  -- The printed number, R-{year}-{seq padded to 6}: unique because (year, seq) is.
  number       text        NOT NULL UNIQUE,
  amount_cents bigint      NOT NULL CHECK (amount_cents > 0),
  currency     text        NOT NULL,
  provider     text        NOT NULL,
  system_name  text        NOT NULL,
  issued_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (year, seq)
);
-- The download: a receipt looked up by its id and owner is the primary key plus a filter; the
-- payments table joins receipts on payment_id (the UNIQUE index above serves it).
