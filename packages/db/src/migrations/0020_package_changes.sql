-- 0020: package changes (issue 11): deleted packages kept as history, the once-per-package ISP
-- swap, and ISP addresses given back to their country's pool (decisions 113 and 114).

-- A deleted package stays a row (status 'deactivate', deleted_at set): the ledger entries, promo
-- usages and usage statistics that name it keep their subject, and an abuse report about an
-- address at a past time can still be traced to its holder. Every customer-facing read filters
-- deleted_at IS NULL; the gateway serves active rows only, so the status change cuts it off.
ALTER TABLE packages ADD COLUMN deleted_at timestamptz;
-- When the package's ISP addresses were swapped (the spec's `swaped`: at most once). Migration
-- 0019 (the read side, written at the same time) adds the same column for the ISP panel.
ALTER TABLE packages ADD COLUMN IF NOT EXISTS swapped_at timestamptz;

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
