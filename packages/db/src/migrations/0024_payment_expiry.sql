-- A payment nobody pays ends when its checkout does, as the provider's own checkout would
-- (decision 155): status 3 (expired) beside 0 waiting, 1 success, 2 error.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN (0, 1, 2, 3));

-- When the checkout stops taking money: the provider's answer (Stripe's `expires_at`), else its
-- documented lifetime from creation. NULL while the provider settles a payment it has taken (a
-- bank debit, blockchain confirmations): then only the provider's final webhook ends it.
ALTER TABLE payments ADD COLUMN expires_at timestamptz;

-- Payments waiting from before: the lifetime their provider gives a checkout, from creation.
UPDATE payments
   SET expires_at = created_at + CASE provider WHEN 'nowpayments' THEN interval '7 days'
                                               ELSE interval '24 hours' END
 WHERE status = 0;

-- The expiry sweep: waiting payments whose checkout has lapsed, soonest first, read from this
-- small index of the waiting ones only.
CREATE INDEX payments_waiting_expiry_idx ON payments (expires_at) WHERE status = 0;
