-- Usage alerts (decision 184): thresholds a customer sets per package, and the alerts sent.

-- What the customer asked to hear of, one row per package (no row: no alerts). Kept apart from
-- packages: a change here must not make every gateway instance reload the package (the
-- packages row's NOTIFY), and purchases lock the packages row.
CREATE TABLE package_alert_settings (
  package_id        bigint      PRIMARY KEY REFERENCES packages (id) ON DELETE CASCADE,
  -- Percentages of the period's traffic used (traffic packages only), ascending, no repeats.
  traffic_percents  smallint[]  NOT NULL DEFAULT '{}'
                    CHECK (cardinality(traffic_percents) <= 5
                           AND 1 <= ALL (traffic_percents) AND 100 >= ALL (traffic_percents)),
  -- Days before the expiry, ascending, no repeats.
  expiry_days       smallint[]  NOT NULL DEFAULT '{}'
                    CHECK (cardinality(expiry_days) <= 5
                           AND 1 <= ALL (expiry_days) AND 30 >= ALL (expiry_days)),
  updated_at        timestamptz NOT NULL DEFAULT now()
);

-- Each alert sent, once: a traffic threshold per traffic period (period_key as in
-- package_notices: traffic_period_started_at, 'first' before any renewal), an expiry threshold
-- per expiry date (period_key: the expiry). The sweep inserts its rows ON CONFLICT DO NOTHING in
-- the transaction that writes the notification, and notifies only what it inserted, so
-- concurrent sweeps and retried jobs never send one twice. The primary key also serves the
-- sweeps' NOT EXISTS look-ups.
CREATE TABLE package_alerts_sent (
  package_id  bigint      NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  kind        text        NOT NULL CHECK (kind IN ('traffic', 'expiry')),
  threshold   smallint    NOT NULL,
  period_key  text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (package_id, kind, threshold, period_key)
);
