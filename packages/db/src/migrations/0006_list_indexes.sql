-- 0006: indexes for the payments list beyond its default order (issue 4 bench: a user with
-- 10,000 payments). Measured with EXPLAIN ANALYZE on that user; see docs/decisions/042.

-- GET /profile/payments?sort=amount (either direction): the rows come from the index in
-- amount order and only the few equal amounts are sorted on created_at/id (incremental sort),
-- instead of reading and top-N sorting all of the user's payments (2.8 ms -> 0.2-0.4 ms).
CREATE INDEX payments_user_amount_idx ON payments (user_id, amount_cents);

-- GET /profile/payments?filters[status]=N: the page in the default order straight from the
-- index, and its count(*) reads only the matching entries instead of every payment of the
-- user (1.4 ms -> 0.5 ms). Also serves sort=status asc in full.
CREATE INDEX payments_user_status_created_idx ON payments (user_id, status, created_at DESC, id DESC);
