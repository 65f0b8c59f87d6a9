-- The job outbox (decision 179): a change that needs background work (a purchase's provisioning,
-- mail and Telegram message) writes its jobs here, in its own statement, and commits them with
-- itself; the process then moves them into pg-boss through pg-boss's public insert, many
-- changes' jobs at a time, deleting them here in the same transaction. A crash in between
-- leaves the rows for the next mover, so a job is neither lost nor moved twice.
CREATE TABLE job_outbox (
  id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The pg-boss schema (JOBS_SCHEMA) of the process that wrote the job: its workers take it.
  jobs_schema text        NOT NULL,
  -- The pg-boss queue, the job's data and its pg-boss options (retries, expiry, singleton key).
  queue       text        NOT NULL,
  data        jsonb       NOT NULL,
  options     jsonb       NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- A mover takes its schema's oldest rows first.
CREATE INDEX job_outbox_schema_idx ON job_outbox (jobs_schema, id);
