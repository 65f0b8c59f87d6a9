-- Sub-users of traffic packages (decision 187): each one a login and password of its own that
-- spends the package's traffic, with an optional traffic limit of its own inside the package's,
-- an optional expiry and an on/off switch. A deleted sub-user stays a row (deleted_at set) so
-- the package's statistics keep naming whose bytes they were; the gateway serves live rows only.
CREATE TABLE package_sub_users (
  id                  bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  package_id          bigint      NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  -- The customer's label for it ("client A"); unique among the package's live sub-users.
  name                text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 40),
  -- Generated like package logins (20 random [A-Za-z0-9]); the gateway looks a username up
  -- among packages, then proxy lists, then sub-users.
  login               text        NOT NULL UNIQUE CHECK (login ~ '^[A-Za-z0-9]{20}$'),
  -- Sealed with DATA_ENCRYPTION_KEY under the purpose 'package_sub_users.password'.
  password_encrypted  text        NOT NULL,
  -- Bytes up plus down over the sub-user's life; null: only the package's quota bounds it.
  traffic_limit_bytes bigint      CHECK (traffic_limit_bytes > 0),
  -- Bytes leased to gateways for this sub-user (each also leased from the package's grant):
  -- what the gateways may relay for it; at most traffic_limit_bytes.
  granted_bytes       bigint      NOT NULL DEFAULT 0 CHECK (granted_bytes >= 0),
  expires_at          timestamptz,
  enabled             boolean     NOT NULL DEFAULT true,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  deleted_at          timestamptz
);

CREATE INDEX package_sub_users_package_idx ON package_sub_users (package_id, id);
CREATE UNIQUE INDEX package_sub_users_name_idx
  ON package_sub_users (package_id, lower(name)) WHERE deleted_at IS NULL;
-- What the gateway loads: the live ones.
CREATE INDEX package_sub_users_live_idx ON package_sub_users (id)
  WHERE deleted_at IS NULL AND enabled;

-- A sub-user's bytes per hour (UTC), beside the package's package_usage_hourly, which counts
-- them too: the package's row is its total, these split it.
CREATE TABLE sub_user_usage_hourly (
  sub_user_id bigint      NOT NULL REFERENCES package_sub_users (id) ON DELETE CASCADE,
  hour        timestamptz NOT NULL,
  bytes_up    bigint      NOT NULL DEFAULT 0 CHECK (bytes_up >= 0),
  bytes_down  bigint      NOT NULL DEFAULT 0 CHECK (bytes_down >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sub_user_id, hour)
);

-- A gateway leases a sub-user's bytes here: bounded by the sub-user's own limit and taken from
-- the package's grant in the same transaction (gateway_lease_traffic), so neither limit is
-- passed. The sub-user's row is locked first, then the package's grant: always in that order.
CREATE FUNCTION gateway_lease_sub_user_traffic(p_sub_user bigint, p_want bigint) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_package bigint;
  v_limit   bigint;
  v_granted bigint;
  v_take    bigint;
BEGIN
  SELECT package_id, traffic_limit_bytes, granted_bytes INTO v_package, v_limit, v_granted
  FROM package_sub_users
  WHERE id = p_sub_user AND deleted_at IS NULL AND enabled
    AND (expires_at IS NULL OR expires_at > now())
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  v_take := p_want;
  IF v_limit IS NOT NULL THEN
    v_take := greatest(0, least(p_want, greatest(65536, (v_limit - v_granted) / 8), v_limit - v_granted));
  END IF;
  IF v_take <= 0 THEN
    RETURN 0;
  END IF;
  v_take := gateway_lease_traffic(v_package, v_take);
  IF v_take > 0 THEN
    UPDATE package_sub_users SET granted_bytes = granted_bytes + v_take WHERE id = p_sub_user;
  END IF;
  RETURN v_take;
END;
$$;

-- What a gateway leased for a sub-user and did not spend goes back to both grants.
CREATE FUNCTION gateway_return_sub_user_traffic(p_sub_user bigint, p_bytes bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_package bigint;
BEGIN
  UPDATE package_sub_users SET granted_bytes = greatest(0, granted_bytes - p_bytes)
  WHERE id = p_sub_user
  RETURNING package_id INTO v_package;
  IF v_package IS NOT NULL THEN
    PERFORM gateway_return_traffic(v_package, p_bytes);
  END IF;
END;
$$;

-- Leases (granted_bytes) and renames stay silent.
CREATE TRIGGER package_sub_users_gateway
  AFTER INSERT OR DELETE OR UPDATE OF package_id, login, password_encrypted, traffic_limit_bytes,
    expires_at, enabled, deleted_at ON package_sub_users
  FOR EACH ROW EXECUTE FUNCTION gateway_notify('gateway_sub_users');
