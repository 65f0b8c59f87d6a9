-- 0022: one trigger function per job instead of one per table, per-user list totals in one table
-- (decision 152), and reset tokens keyed by their hash.

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

-- Writers wait while the counts move, so none is missed (the migration is one transaction).
LOCK TABLE payments, packages IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO user_counts (user_id, list, key1, key2, n)
SELECT user_id, 'payments', merchant_id::text, status::text, n FROM payment_counts WHERE n > 0
UNION ALL
SELECT user_id, 'packages', type, status, n FROM package_counts WHERE n > 0;

DROP TRIGGER payments_count ON payments;
DROP TRIGGER packages_count ON packages;
DROP TRIGGER packages_count_update ON packages;
DROP FUNCTION payment_counts_track();
DROP FUNCTION package_counts_track();
DROP TABLE payment_counts;
DROP TABLE package_counts;

CREATE TRIGGER payments_count
  AFTER INSERT OR DELETE OR UPDATE OF user_id, merchant_id, status ON payments
  FOR EACH ROW EXECUTE FUNCTION user_counts_track('merchant_id', 'status');
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

-- What the gateway must re-read, announced on the channel the argument names: a row trigger's
-- payload is the row's id (the gateway re-reads that row), a statement trigger's is empty (the
-- gateway re-reads the table). The triggers fire on updates of the columns the gateway reads
-- only, and an update that changes nothing announces nothing. NOTIFY is delivered at commit, so
-- a rolled-back change announces nothing.
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

DROP TRIGGER packages_gateway_insert_delete ON packages;
DROP TRIGGER packages_gateway_update ON packages;
DROP TRIGGER proxy_lists_gateway_insert_delete ON proxy_lists;
DROP TRIGGER proxy_lists_gateway_update ON proxy_lists;
DROP TRIGGER gateway_exits_notify ON gateway_exits;
DROP FUNCTION gateway_notify_package();
DROP FUNCTION gateway_notify_proxy_list();
DROP FUNCTION gateway_notify_exits();

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

-- A reset token is found by its hash and by nothing else: the hash is its key.
ALTER TABLE password_reset_tokens DROP COLUMN id;
DROP INDEX password_reset_tokens_token_hash_key;
ALTER TABLE password_reset_tokens ADD PRIMARY KEY (token_hash);
