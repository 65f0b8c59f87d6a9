-- 0014: traffic quotas shared by every gateway instance (issue 10). All connections of a
-- traffic package (dynamic, premium) spend one budget, whichever instance carries them: each
-- instance leases small byte budgets from here and spends them in memory, and returns what it
-- did not use. granted_bytes is what has been handed out so far; it never exceeds the package's
-- traffic_limit_bytes, so the bytes relayed never do either.
CREATE TABLE package_traffic_grants (
  package_id     bigint      PRIMARY KEY REFERENCES packages (id) ON DELETE CASCADE,
  granted_bytes  bigint      NOT NULL CHECK (granted_bytes >= 0),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- Hands out up to p_want bytes of an active traffic package's remainder and returns how many
-- (0: nothing left, or not an active traffic package). Never more than an eighth of what is
-- left (at least 64 KiB): near the end every instance holds little, so little can sit unused in
-- one instance while another runs dry. The first lease of a package starts from the usage
-- already recorded. The row lock serializes instances leasing for one package.
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
  SELECT p_package, coalesce(sum(bytes_up + bytes_down), 0)
  FROM package_usage_hourly WHERE package_id = p_package
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

-- Nothing left to lease: the package becomes `empty` (its NOTIFY makes every instance close its
-- connections; the API's jobs see the status). Only an active package whose grants reached its
-- limit, so a limit raised meanwhile (an upgrade) keeps it active. Returns whether it changed.
CREATE FUNCTION gateway_mark_traffic_empty(p_package bigint) RETURNS boolean
LANGUAGE sql AS $$
  WITH changed AS (
    UPDATE packages p SET status = 'empty'
    FROM package_traffic_grants g
    WHERE p.id = p_package AND g.package_id = p.id AND p.status = 'active'
      AND p.traffic_limit_bytes IS NOT NULL AND g.granted_bytes >= p.traffic_limit_bytes
    RETURNING p.id
  )
  SELECT EXISTS (SELECT 1 FROM changed);
$$;
