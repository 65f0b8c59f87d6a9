-- 0018: package lifecycle (issue 11, decisions 109 and 110): the notices the lifecycle jobs send
-- at most once (expiry reminders per expiry date, traffic warnings per traffic period), and
-- the indexes of the expiry and traffic sweeps.

-- One row per notice sent: (package, kind, the expiry or traffic period it is about). The jobs
-- insert ON CONFLICT DO NOTHING in the transaction that notifies, and notify only the rows they
-- inserted, so two API instances sweeping at once send each notice once (the second insert
-- waits on the first's key, then does nothing). An extension moves the expiry and a renewal
-- starts a traffic period: new keys, so the next reminders and warnings go out again.
CREATE TABLE package_notices (
  package_id  bigint      NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  kind        text        NOT NULL
              CHECK (kind IN ('expiry_3d', 'expiry_1d', 'traffic_low', 'traffic_exhausted')),
  period_key  text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (package_id, kind, period_key)
);

-- The expiry sweep and the reminders: running packages by expiry (`expires_at <= now` to renew
-- or deactivate, `expires_at <= now + 3 days` to remind); expired ones leave the index.
CREATE INDEX packages_running_expiry_idx ON packages (expires_at)
  WHERE status IN ('active', 'empty') AND expires_at IS NOT NULL;

-- The traffic warnings sweep: running traffic packages (dynamic and premium).
CREATE INDEX packages_running_traffic_idx ON packages (id)
  WHERE status IN ('active', 'empty') AND traffic_limit_bytes IS NOT NULL;
