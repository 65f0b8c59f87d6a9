-- 0016: what the API reads of the gateway (issue 10): usage per traffic period, the status
-- changes the gateway makes (quota exhausted) for the API's jobs to notify, and each gateway
-- instance's live metrics for the unlimited panel.

-- Traffic periods (decision 098). A traffic package's usage is what the gateway metered since
-- its current period began: the hourly usage total minus traffic_period_base_bytes, the total
-- when the period began. A renewal that gives fresh traffic calls start_traffic_period().
-- (packages.traffic_used_bytes is a counter nobody writes; usage lives in package_usage_hourly.)
ALTER TABLE packages ADD COLUMN traffic_period_base_bytes bigint NOT NULL DEFAULT 0
  CHECK (traffic_period_base_bytes >= 0);
ALTER TABLE packages ADD COLUMN traffic_period_started_at timestamptz;

-- Usage of a package's current period (the API's package list and detail, the leases below).
CREATE FUNCTION package_period_usage(p_package bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT greatest(0, coalesce(
    (SELECT sum(bytes_up + bytes_down) FROM package_usage_hourly WHERE package_id = p_package), 0)
    - (SELECT traffic_period_base_bytes FROM packages WHERE id = p_package))::bigint;
$$;

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

-- Hands out up to p_want bytes of an active traffic package's remainder (0014's grants) and
-- returns how many (0: nothing left, or not an active traffic package). Never more than an
-- eighth of what is left (at least 64 KiB): near the end every instance holds little, so little
-- can sit unused in one instance while another runs dry. The first lease of a period starts
-- from that period's usage. The row lock serializes instances leasing for one package.
-- (Defined here only; a database migrated before decision 102 has 0014's first version
-- replaced by this one.)
CREATE OR REPLACE FUNCTION gateway_lease_traffic(p_package bigint, p_want bigint) RETURNS bigint
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
-- active. Returns whether it changed. (Defined here only, like the lease: decision 102.)
CREATE OR REPLACE FUNCTION gateway_mark_traffic_empty(p_package bigint) RETURNS boolean
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
