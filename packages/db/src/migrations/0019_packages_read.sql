-- 0019: the packages table and panels (issue 11, decisions 104 and 107).

-- The id of the statistics page (/statistics/{uuid}/all) and of the premium and unlimited
-- panels: not guessable and not the sequence id.
ALTER TABLE packages ADD COLUMN uuid uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE packages ADD CONSTRAINT packages_uuid_key UNIQUE (uuid);

-- When an ISP package's addresses were swapped (once per package; the panel's `swaped`).
ALTER TABLE packages ADD COLUMN swapped_at timestamptz;

-- GET /packages sorted by id: without it the planner may walk the primary key backwards over
-- every user's rows to find one user's newest ids.
CREATE INDEX packages_user_id_idx ON packages (user_id, id);
-- GET /packages?filters[status]= and ?filters[type]= in the default order (newest first): the
-- page reads its rows from the index instead of filtering all of the user's packages.
CREATE INDEX packages_user_status_created_idx ON packages (user_id, status, created_at DESC, id DESC);
CREATE INDEX packages_user_type_created_idx ON packages (user_id, type, created_at DESC, id DESC);

-- How many packages each user has, per type and status, kept by a trigger (as payment_counts,
-- decision 087): `meta.total` of GET /packages sums at most 24 rows of it for any combination
-- of filters[type] and filters[status], however many packages the user and the table hold.
CREATE TABLE package_counts (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type    text   NOT NULL,
  status  text   NOT NULL,
  n       bigint NOT NULL CHECK (n >= 0),
  PRIMARY KEY (user_id, type, status)
);

CREATE FUNCTION package_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE package_counts SET n = n - 1
     WHERE user_id = OLD.user_id AND type = OLD.type AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO package_counts (user_id, type, status, n)
    VALUES (NEW.user_id, NEW.type, NEW.status, 1)
    ON CONFLICT (user_id, type, status) DO UPDATE SET n = package_counts.n + 1;
  END IF;
  RETURN NULL;
END;
$$;

-- Writers wait while the counts are filled, so none is missed between the count and the
-- trigger (the migration is one transaction).
LOCK TABLE packages IN SHARE ROW EXCLUSIVE MODE;

CREATE TRIGGER packages_count
  AFTER INSERT OR DELETE ON packages
  FOR EACH ROW EXECUTE FUNCTION package_counts_track();
-- Only changes of the counted columns pay for the upsert (usage and expiry updates do not).
CREATE TRIGGER packages_count_update
  AFTER UPDATE OF user_id, type, status ON packages
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.type IS DISTINCT FROM NEW.type
        OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION package_counts_track();

INSERT INTO package_counts (user_id, type, status, n)
SELECT user_id, type, status, count(*) FROM packages GROUP BY 1, 2, 3;
