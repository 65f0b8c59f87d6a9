-- The provisioning sweep (packages.jobs.ts) looks for packages still waiting for provisioning
-- at every start and once a minute. Such rows are a handful at any time while the table grows
-- with every purchase, so a partial index keeps the sweep from reading the whole table.
CREATE INDEX packages_unprovisioned_idx ON packages (id)
  WHERE status IN ('pending', 'processing');
