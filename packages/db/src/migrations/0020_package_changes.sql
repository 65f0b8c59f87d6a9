-- 0020: package changes (issue 11): deleted packages kept as history, the once-per-package ISP
-- swap, and ISP addresses given back to their country's pool (decisions 113 and 114).

-- A deleted package stays a row (status 'deactivate', deleted_at set): the ledger entries, promo
-- usages and usage statistics that name it keep their subject, and an abuse report about an
-- address at a past time can still be traced to its holder. Every customer-facing read filters
-- deleted_at IS NULL; the gateway serves active rows only, so the status change cuts it off.
ALTER TABLE packages ADD COLUMN deleted_at timestamptz;
-- (packages.swapped_at, the spec's `swaped`, comes from migration 0019.)

-- Addresses given back by deleted and swapped ISP packages. A country's `allocated` stays the
-- cursor into its CIDR blocks (ip-pool.ts); `released` counts the rows here, so the free stock
-- is capacity - allocated + released. A reservation takes released addresses first, oldest
-- first (an address rests as long as possible before its next holder), then the cursor; the
-- country row's lock (the conditional UPDATE) serializes both.
ALTER TABLE isp_countries ADD COLUMN released integer NOT NULL DEFAULT 0 CHECK (released >= 0);

CREATE TABLE isp_released_ips (
  country_id   integer     NOT NULL REFERENCES isp_countries (id),
  ip           text        NOT NULL,
  -- The package that gave it back (history; the package row is never deleted by the API).
  package_id   bigint      REFERENCES packages (id) ON DELETE SET NULL,
  released_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (country_id, ip)
);
-- A reservation's "oldest released addresses of this country".
CREATE INDEX isp_released_ips_country_released_idx ON isp_released_ips (country_id, released_at, ip);

-- meta.total of GET /packages (migration 0019's package_counts) counts packages the owner sees:
-- a deleted package leaves its (type, status) count, as if its row were gone.
CREATE OR REPLACE FUNCTION package_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE package_counts SET n = n - 1
     WHERE user_id = OLD.user_id AND type = OLD.type AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    INSERT INTO package_counts (user_id, type, status, n)
    VALUES (NEW.user_id, NEW.type, NEW.status, 1)
    ON CONFLICT (user_id, type, status) DO UPDATE SET n = package_counts.n + 1;
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER packages_count_update ON packages;
CREATE TRIGGER packages_count_update
  AFTER UPDATE OF user_id, type, status, deleted_at ON packages
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.type IS DISTINCT FROM NEW.type
        OR OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION package_counts_track();
