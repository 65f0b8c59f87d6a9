-- 0007: rate-limit counters shared by every API instance on this database (issue 9, item 6).
-- An in-process store let each instance count on its own, so N instances allowed N times the
-- limit and a client could spread its attempts over them. One row per key and window; a hit is
-- a single INSERT ... ON CONFLICT DO UPDATE, atomic under concurrency (see rate-limit-store.ts).
--
-- UNLOGGED: the counters are short-lived (a window is about a minute) and written on every
-- auth request; skipping the WAL makes each hit cheaper. After a crash PostgreSQL empties the
-- table, which only restarts the current windows.
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);

-- The periodic clean-up deletes the rows whose window has ended.
CREATE INDEX rate_limits_reset_at_idx ON rate_limits (reset_at);
