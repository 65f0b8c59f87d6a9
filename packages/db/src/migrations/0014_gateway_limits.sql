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

-- Leasing from this table (gateway_lease_traffic) and marking a package `empty` when nothing
-- is left (gateway_mark_traffic_empty) are defined once, in their final form, in 0016
-- (decision 102).

-- An instance gives back what it leased and did not spend (idle package, graceful stop).
CREATE FUNCTION gateway_return_traffic(p_package bigint, p_bytes bigint) RETURNS void
LANGUAGE sql AS $$
  UPDATE package_traffic_grants
  SET granted_bytes = greatest(0, granted_bytes - p_bytes), updated_at = now()
  WHERE package_id = p_package;
$$;

